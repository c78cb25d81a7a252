/**
 * A per-process map whose entries are kept for `ttlMs` against an injected clock (tests move it),
 * holding at most `maxEntries`: past that it starts over, so a flood of distinct keys cannot grow
 * it without bound. For short-lived copies of rarely changing reads (a user's opened keys, who
 * needs no allowance check).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  /** The value stored for `key` less than `ttlMs` ago. */
  get(key: K): V | undefined {
    const held = this.entries.get(key);
    return held && this.now() - held.at < this.ttlMs ? held.value : undefined;
  }

  /** Stores `value` as read at `at` (by default now): a read that began earlier ages from when it began. */
  set(key: K, value: V, at = this.now()): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { at, value });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
