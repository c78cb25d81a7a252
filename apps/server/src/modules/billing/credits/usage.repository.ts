import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { meteringDays, storageAccounts, storageEvents, transfers } from '../../../db/schema/index';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Per UTC day between two instants: the storage change, its timing, and bytes sent. */
export interface UsageFigures {
  /** Stored bytes just before the range (the sum of every earlier storage event). */
  beforeBytes: bigint;
  days: Map<
    string,
    {
      /** Net change of stored bytes during the day. */
      deltaBytes: bigint;
      /** Sum over the day's events of delta x milliseconds since the day began. */
      deltaMsIntoDay: bigint;
      transferBytes: bigint;
    }
  >;
}

/**
 * Reads the files module's usage figures (storage_events, transfers, storage_accounts) for
 * billing: what a day stored and sent, and today's totals. Read-only.
 */
export class UsageRepository {
  constructor(private readonly db: Db) {}

  /** Storage events and transfers in [from, to) grouped by UTC day, plus the bytes stored before `from`. */
  async figures(userId: string, from: Date, to: Date): Promise<UsageFigures> {
    const f = from.toISOString();
    const t = to.toISOString();
    const result = await this.db.execute(sql`
      select 's' as kind, to_char(utc::date, 'YYYY-MM-DD') as day, sum(delta_bytes)::text as bytes,
             sum(delta_bytes::numeric * floor(extract(epoch from utc - date_trunc('day', utc)) * 1000))::text as ms
      from (select delta_bytes, created_at at time zone 'UTC' as utc from ${storageEvents}
            where user_id = ${userId} and created_at >= ${f}::timestamptz and created_at < ${t}::timestamptz) e
      group by 2
      union all
      select 't', to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD'), sum(bytes)::text, '0'
      from ${transfers}
      where user_id = ${userId} and created_at >= ${f}::timestamptz and created_at < ${t}::timestamptz
      group by 2
      union all
      select 'b', null, coalesce(sum(delta_bytes), 0)::text, '0'
      from ${storageEvents} where user_id = ${userId} and created_at < ${f}::timestamptz
    `);
    const figures: UsageFigures = { beforeBytes: 0n, days: new Map() };
    for (const r of rowsOf<{ kind: string; day: string | null; bytes: string; ms: string }>(result)) {
      if (r.kind === 'b') {
        figures.beforeBytes = BigInt(r.bytes);
        continue;
      }
      const day = r.day as string;
      const entry = figures.days.get(day) ?? { deltaBytes: 0n, deltaMsIntoDay: 0n, transferBytes: 0n };
      if (r.kind === 's') {
        entry.deltaBytes = BigInt(r.bytes);
        entry.deltaMsIntoDay = BigInt(r.ms);
      } else {
        entry.transferBytes = BigInt(r.bytes);
      }
      figures.days.set(day, entry);
    }
    return figures;
  }

  /** Bytes stored now and bytes sent since `since`, in one statement. */
  async current(userId: string, since: Date): Promise<{ usedBytes: number; transferBytes: number }> {
    const result = await this.db.execute(sql`
      select (select used_bytes from ${storageAccounts} where user_id = ${userId}) as used,
             (select coalesce(sum(bytes), 0) from ${transfers}
              where user_id = ${userId} and created_at >= ${since.toISOString()}::timestamptz) as sent
    `);
    const r = rowsOf<{ used: number | string | null; sent: number | string }>(result)[0];
    return { usedBytes: Number(r?.used ?? 0), transferBytes: Number(r?.sent ?? 0) };
  }

  /** Credits metered per day (millionths) from `fromDay` on. */
  async metered(userId: string, fromDay: string): Promise<Map<string, number>> {
    const result = await this.db.execute(sql`
      select day, charged_micros from ${meteringDays} where user_id = ${userId} and day >= ${fromDay}
    `);
    return new Map(
      rowsOf<{ day: string; charged_micros: number | string }>(result).map((r) => [
        r.day,
        Number(r.charged_micros),
      ]),
    );
  }
}
