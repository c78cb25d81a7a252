/** What the guard checks a token against: the account's token version and whether it may sign in. */
export interface AccessState {
  tokenVersion: number;
  active: boolean;
}

/** Reads an account's state; null when the account no longer exists. */
export type AccessStateLoader = (userId: string) => Promise<AccessState | null>;

/** The channel the users trigger (migration 0013) notifies with the id of a changed or deleted account. */
export const USER_ACCESS_CHANNEL = 'stratos_user_access';

/** Accounts held at most; past it the cache starts over (a miss costs one indexed read). */
const MAX_ENTRIES = 50_000;

/**
 * A short-lived copy of each signed-in account's access state, so the guard compares a token's
 * version without a query on every request. A change made by this process drops its entry at once
 * (`invalidate`, after the commit); a change made by another process arrives through LISTEN
 * (stratos_user_access, sent by a trigger on users), and `ttlMs` bounds how stale an entry can get
 * should a notification be lost.
 *
 * Each entry lives between half the TTL and the whole of it, drawn at random (`spread`, a number
 * in [0, 1)): accounts first seen together (every open page after a restart) would otherwise all
 * expire together, and every one of their next requests would wait for its read at once, the same
 * burst again a TTL later. Spread out, the reads fall evenly, and no entry outlives the TTL.
 */
export class AccessStateCache {
  private readonly entries = new Map<string, { expires: number; state: AccessState | null }>();
  private readonly reading = new Map<string, { generation: number; promise: Promise<AccessState | null> }>();
  /** Bumped by every invalidation: a read that began before one is not kept. */
  private generation = 0;

  constructor(
    private readonly loader: AccessStateLoader,
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly spread: () => number = Math.random,
  ) {}

  /** Synchronous: the held state (null for a gone account), or undefined when it must be read. */
  peek(userId: string): AccessState | null | undefined {
    const held = this.entries.get(userId);
    if (held === undefined) return undefined;
    if (this.now() >= held.expires) {
      this.entries.delete(userId);
      return undefined;
    }
    return held.state;
  }

  /**
   * Reads the state and keeps it unless an invalidation happened meanwhile. Concurrent misses for
   * one account share a read, so an entry expiring under load costs one query, not one per request.
   */
  load(userId: string): Promise<AccessState | null> {
    const generation = this.generation;
    const shared = this.reading.get(userId);
    if (shared && shared.generation === generation) return shared.promise;
    const at = this.now();
    const promise = this.loader(userId).then(
      (state) => {
        if (this.reading.get(userId)?.promise === promise) this.reading.delete(userId);
        if (generation === this.generation) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
          this.entries.set(userId, { expires: at + this.ttlMs * (1 - this.spread() / 2), state });
        }
        return state;
      },
      (err: unknown) => {
        if (this.reading.get(userId)?.promise === promise) this.reading.delete(userId);
        throw err;
      },
    );
    this.reading.set(userId, { generation, promise });
    return promise;
  }

  invalidate(userId: string): void {
    this.generation++;
    this.entries.delete(userId);
  }

  /** Forgets everything (the change feed was interrupted, so changes may have been missed). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
