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

/** The last part of the TTL in which an entry asked for is renewed: 1/12 (5 s of 60). */
const RENEW_SHARE = 12;

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
 *
 * An entry asked for in its last `ttlMs / RENEW_SHARE` is renewed ahead of its expiry: the request
 * is answered from it, and the account's read is queued. The queue is read every `renewDelayMs`,
 * all of it in the same turn, so the loader can read it in one query. An account in use then
 * never has a request wait for its read, and only one it asks for after an entry lapsed does.
 */
export class AccessStateCache {
  private readonly entries = new Map<string, { renew: number; expires: number; state: AccessState | null }>();
  /** Accounts whose entries are due for renewal, read together when the timer fires. */
  private readonly renewing = new Set<string>();
  private renewTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly reading = new Map<string, { generation: number; promise: Promise<AccessState | null> }>();
  /** Bumped by every invalidation: a read that began before one is not kept. */
  private generation = 0;

  constructor(
    private readonly loader: AccessStateLoader,
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly spread: () => number = Math.random,
    private readonly renewDelayMs = 250,
  ) {}

  /** Synchronous: the held state (null for a gone account), or undefined when it must be read. */
  peek(userId: string): AccessState | null | undefined {
    const held = this.entries.get(userId);
    if (held === undefined) return undefined;
    const now = this.now();
    if (now >= held.expires) {
      this.entries.delete(userId);
      return undefined;
    }
    if (now >= held.renew) this.queueRenewal(userId);
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
          const expires = at + this.ttlMs * (1 - this.spread() / 2);
          this.entries.set(userId, { renew: expires - this.ttlMs / RENEW_SHARE, expires, state });
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
    this.renewing.clear();
  }

  /** Ends renewals (the app is closing). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.renewTimer);
    this.renewTimer = undefined;
    this.renewing.clear();
  }

  private queueRenewal(userId: string): void {
    if (this.stopped || this.renewing.has(userId) || this.reading.has(userId)) return;
    this.renewing.add(userId);
    this.renewTimer ??= setTimeout(() => this.renew(), this.renewDelayMs).unref();
  }

  private renew(): void {
    this.renewTimer = undefined;
    const due = [...this.renewing];
    this.renewing.clear();
    // Only entries still held: one dropped meanwhile is read when next asked for. A failed
    // renewal is not reported here: the entry serves until it lapses, and a request that then
    // waits for the read gets its error.
    for (const userId of due) if (this.entries.has(userId)) this.load(userId).catch(() => {});
  }
}
