import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * A live event for one user's open pages: something they see changed (a file stored, an analysis
 * finished). It carries what to refresh, never the data itself: the client refetches through the
 * API, which applies the access rules.
 */
export interface LiveEvent {
  type: 'storage.changed' | 'analysis.changed' | 'workflows.changed';
  /** The file concerned, when there is one. */
  fileId?: string;
}

export type LiveListener = (event: LiveEvent) => void;

/**
 * Delivers a user's events to every page they have open, whichever process serves it. On
 * PostgreSQL a publish is a NOTIFY on one channel that every process LISTENs to (delivered at the
 * publisher's commit, so several processes behind a load balancer see the same events); on PGlite,
 * one process, it is a call to the listeners in memory.
 */
export class EventBus {
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  /** Starts receiving other processes' events (PostgreSQL); nothing to do on PGlite. */
  async start(): Promise<void> {
    if (this.database.driver !== 'postgres' || this.stopListening) return;
    this.stopListening = await this.database.listen(LIVE_EVENTS_CHANNEL, {
      onNotify: (payload) => this.receive(payload),
      // Missed events only make a page refresh later; a page also refetches on focus.
      onGap: () => {},
      onError: (err) => this.log.warn({ err }, 'live events feed interrupted; reconnecting'),
    });
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
    this.listeners.clear();
  }

  /** Sends an event to every open page of `userId`, in this process and the others. Never throws. */
  async publish(userId: string, event: LiveEvent): Promise<void> {
    if (this.database.driver !== 'postgres') {
      this.deliver(userId, event);
      return;
    }
    try {
      const payload = JSON.stringify({ userId, ...event });
      await this.database.db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${payload})`);
    } catch (err) {
      this.log.warn({ err }, 'could not publish a live event');
    }
  }

  /** Listens to `userId`'s events; returns the function that stops listening. */
  subscribe(userId: string, listener: LiveListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  private receive(payload: string): void {
    let parsed: LiveEvent & { userId?: unknown };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const { userId, ...event } = parsed;
    if (typeof userId === 'string') this.deliver(userId, event);
  }

  private deliver(userId: string, event: LiveEvent): void {
    for (const listener of this.listeners.get(userId) ?? []) {
      try {
        listener(event);
      } catch (err) {
        this.log.warn({ err }, 'a live event listener failed');
      }
    }
  }
}

export const LIVE_EVENTS_CHANNEL = 'stratos_live_events';
