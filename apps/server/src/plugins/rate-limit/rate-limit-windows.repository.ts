import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitWindows } from '../../db/schema/index';
import type { WindowCounter, WindowHit } from './window-counter';

const w = rateLimitWindows;
const p = sql.placeholder;

/**
 * Evaluated in a counter statement, commits its transaction without waiting for the WAL flush
 * (synchronous_commit is read at commit; `true` keeps the setting to this transaction). The count
 * is visible to every process as soon as it commits, and hits still serialise on the key's row;
 * only a crash of the database server itself could forget the last fraction of a second of hits.
 * The flush was most of a counted request's wait (~4 ms of fsync per commit on a VM disk, the
 * sign-in write then pays a second one).
 */
const relaxedCommit = sql<string>`set_config('synchronous_commit', 'off', true)`;

/**
 * The hit of `n` keys: one upsert, so concurrent hits from any process serialise on each key's
 * row, and a request that counts two keys (an IP and an address) pays one round trip.
 */
const hitQuery = (db: Db, n: number) =>
  db
    .insert(w)
    .values(
      Array.from({ length: n }, (_, i) => ({
        key: sql`${p(`key${i}`)}`,
        hits: 1,
        endsAt: sql`${p('endsAt')}::timestamptz`,
      })),
    )
    .onConflictDoUpdate({
      target: w.key,
      set: {
        hits: sql`case when ${w.endsAt} <= ${p('now')}::timestamptz then 1 else ${w.hits} + 1 end`,
        endsAt: sql`case when ${w.endsAt} <= ${p('now')}::timestamptz then excluded.ends_at else ${w.endsAt} end`,
      },
    })
    .returning({ key: w.key, hits: w.hits, endsAt: w.endsAt, relaxed: relaxedCommit })
    .prepare(`rate_limit_hit_${n}`);

/**
 * Gives back one hit from each of `n` keys whose window is still open. Prepared like the hit: every
 * successful sign-in runs it, and built ad hoc it was parsed and planned every time (~0.2 ms of the
 * database's time, about as much as running it).
 */
const undoQuery = (db: Db, n: number) =>
  db
    .update(w)
    .set({ hits: sql`${w.hits} - 1` })
    .where(
      and(
        inArray(
          w.key,
          Array.from({ length: n }, (_, i) => p(`key${i}`)),
        ),
        gt(w.hits, 0),
        sql`${w.endsAt} > ${p('now')}::timestamptz`,
      ),
    )
    .returning({ relaxed: relaxedCommit })
    .prepare(`rate_limit_undo_${n}`);

/** `params` with the keys as the statements' `key0`, `key1`, ... placeholders. */
function keyParams(keys: readonly string[], params: Record<string, string>): Record<string, string> {
  keys.forEach((key, i) => {
    params[`key${i}`] = key;
  });
  return params;
}

/**
 * The rate-limit windows on PostgreSQL (several API processes count together). Times come from
 * the app's clock, as in memory, so both counters behave alike (and tests can move time).
 */
export class RateLimitWindowsRepository implements WindowCounter {
  private readonly hitStatements = new Map<number, ReturnType<typeof hitQuery>>();
  private readonly undoStatements = new Map<number, ReturnType<typeof undoQuery>>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowHit> {
    const [one] = await this.hitMany([key], windowMs);
    if (!one) throw new Error('rate-limit upsert returned no row');
    return one;
  }

  async hitMany(keys: readonly string[], windowMs: number): Promise<WindowHit[]> {
    if (keys.length === 0) return [];
    const statement = this.statementFor(this.hitStatements, keys.length, hitQuery);
    const now = this.now();
    const rows = await statement.execute(
      keyParams(keys, { now: new Date(now).toISOString(), endsAt: new Date(now + windowMs).toISOString() }),
    );
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return keys.map((key) => {
      const row = byKey.get(key);
      if (!row) throw new Error('rate-limit upsert returned no row');
      return { count: row.hits, resetMs: new Date(row.endsAt).getTime() - now };
    });
  }

  async undo(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const statement = this.statementFor(this.undoStatements, keys.length, undoQuery);
    await statement.execute(keyParams(keys, { now: new Date(this.now()).toISOString() }));
  }

  /** The statement for `n` keys, prepared on first use. */
  private statementFor<T>(prepared: Map<number, T>, n: number, build: (db: Db, n: number) => T): T {
    let statement = prepared.get(n);
    if (!statement) {
      statement = build(this.db, n);
      prepared.set(n, statement);
    }
    return statement;
  }

  async sweep(): Promise<number> {
    const rows = await this.db
      .delete(w)
      .where(lt(w.endsAt, new Date(this.now())))
      .returning({ key: w.key });
    return rows.length;
  }
}
