/** One hit's outcome: hits in the current window (this one included) and ms until it ends. */
export interface WindowHit {
  count: number;
  resetMs: number;
}

/**
 * Fixed-window hit counters behind every rate limit. A key's window opens at its first hit and
 * lasts `windowMs`; the next hit after it ends opens a new one. On PostgreSQL the counters live in
 * one table (RateLimitWindowsRepository) so all processes share them; otherwise in memory.
 */
export interface WindowCounter {
  /** Counts one hit, atomically: concurrent hits each get their own count. */
  hit(key: string, windowMs: number): Promise<WindowHit>;
  /** Counts one hit on each of several distinct keys at once (one statement on PostgreSQL). */
  hitMany(keys: readonly string[], windowMs: number): Promise<WindowHit[]>;
  /** Takes one hit back from each key's open window (never below zero): an attempt that succeeded. */
  undo(keys: readonly string[]): Promise<void>;
  /** Forgets windows that have ended; returns how many. */
  sweep(): Promise<number>;
}

/** Keys held at most; past it the oldest are dropped (ended windows first). */
const MAX_KEYS = 100_000;

/** The per-process counter: PGlite is one process, so memory is the shared state there. */
export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new Map<string, { hits: number; endsAt: number }>();

  constructor(private readonly now: () => number) {}

  async hit(key: string, windowMs: number): Promise<WindowHit> {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      if (!w && this.windows.size >= MAX_KEYS) this.makeRoom(now);
      w = { hits: 0, endsAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.hits += 1;
    return { count: w.hits, resetMs: w.endsAt - now };
  }

  async hitMany(keys: readonly string[], windowMs: number): Promise<WindowHit[]> {
    return Promise.all(keys.map((key) => this.hit(key, windowMs)));
  }

  async undo(keys: readonly string[]): Promise<void> {
    const now = this.now();
    for (const key of keys) {
      const w = this.windows.get(key);
      if (w && w.endsAt > now && w.hits > 0) w.hits -= 1;
    }
  }

  async sweep(): Promise<number> {
    const now = this.now();
    let n = 0;
    for (const [key, w] of this.windows) {
      if (w.endsAt <= now) {
        this.windows.delete(key);
        n++;
      }
    }
    return n;
  }

  private makeRoom(now: number): void {
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
    // Still full (a flood of distinct keys): drop the oldest tenth, in insertion order.
    let drop = this.windows.size >= MAX_KEYS ? Math.ceil(MAX_KEYS / 10) : 0;
    for (const key of this.windows.keys()) {
      if (drop-- <= 0) break;
      this.windows.delete(key);
    }
  }
}
