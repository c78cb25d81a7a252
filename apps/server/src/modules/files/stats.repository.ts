import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import {
  fileDedupTotals,
  files,
  fileTypeTotals,
  folders,
  plans,
  storageAccounts,
  storageEvents,
  transfers,
  users,
} from '../../db/schema/index';
import type { FileItemRow } from './files.repository';
import { MAX_FOLDER_DEPTH } from './folders.repository';

export interface StorageOverview {
  usedBytes: number;
  fileCount: number;
  /** Null: unlimited plan. */
  quotaBytes: number | null;
  /** Per MIME type, over the user's files including the recycle bin (they still take space). */
  types: { mimeType: string; count: number; size: number }[];
  dedupSavedBytes: number;
  transferBytes: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const p = sql.placeholder;

/**
 * The dashboard's figures in one statement of primary-key reads (StatsRepository.overview),
 * prepared: planning its seven subqueries cost more than running them (~0.45 ms a dashboard on
 * PostgreSQL, more on PGlite's thread).
 */
const overviewQuery = (db: Db) => {
  const userId = sql`${p('userId')}::uuid`;
  return preparedSql(
    db,
    'stats_overview',
    sql`
      select
        exists (select 1 from ${users} where id = ${userId}) as found,
        (select used_bytes from ${storageAccounts} where user_id = ${userId}) as used_bytes,
        (select file_count from ${storageAccounts} where user_id = ${userId}) as file_count,
        (select p.storage_bytes from ${users} u join ${plans} p on p.id = u.subscription_plan where u.id = ${userId}) as quota,
        (select coalesce(json_agg(t), '[]'::json) from (
           select mime_type as "mimeType", files as count, bytes as size
           from ${fileTypeTotals} where owner_id = ${userId}
         ) t) as types,
        coalesce((select saved_bytes from ${fileDedupTotals} where owner_id = ${userId}), 0) as dedup,
        (select coalesce(sum(bytes), 0) from ${transfers}
           where user_id = ${userId} and created_at >= ${p('since')}::timestamptz) as transfer
    `,
  );
};

/** The latest live files with their folders' display chains (StatsRepository.recentFiles), prepared. */
const recentFilesQuery = (db: Db) => {
  const userId = sql`${p('userId')}::uuid`;
  return preparedSql(
    db,
    'stats_recent_files',
    sql`
      with recursive recent as (
        select id, name, size, mime_type, created_at, folder_id, checksum
        from ${files}
        where owner_id = ${userId} and deleted_at is null
        order by created_at desc, id desc
        limit ${p('limit')}::int
      ),
      up (start_id, id, parent_id, name, depth) as (
        select id, id, parent_id, name, 0 from ${folders}
        where owner_id = ${userId} and id in (select folder_id from recent where folder_id is not null)
        union all
        select up.start_id, f.id, f.parent_id, f.name, up.depth + 1
        from ${folders} f join up on f.id = up.parent_id
        where f.owner_id = ${userId} and up.depth < ${sql.raw(String(MAX_FOLDER_DEPTH))}
      ),
      chains as (select start_id, json_agg(name order by depth desc) as names from up group by start_id)
      select r.*, c.names from recent r left join chains c on c.start_id = r.folder_id
      order by r.created_at desc, r.id desc
    `,
  );
};
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** Read-only aggregates for the storage figures, the analytics page and the dashboard. */
export class StatsRepository {
  /** The dashboard's statements, prepared: planning them cost more than running them. */
  private readonly overviewStatement;
  private readonly recentStatement;

  constructor(private readonly db: Db) {
    this.overviewStatement = overviewQuery(db);
    this.recentStatement = recentFilesQuery(db);
  }

  /**
   * Everything the dashboard's figures need, in one statement of primary-key reads (whatever the
   * number of files): stored bytes and files (the storage account), the plan's quota, per-MIME
   * totals and bytes saved by deduplication among the user's own files (content another account
   * also holds is never counted: it would tell), both kept by triggers (schema/file-totals.ts),
   * and bytes sent since `since`.
   */
  async overview(userId: string, transfersSince: Date): Promise<StorageOverview | null> {
    const result = await this.overviewStatement.execute({ userId, since: transfersSince.toISOString() });
    const r = rowsOf<{
      found: boolean;
      used_bytes: number | string | null;
      file_count: number | null;
      quota: number | string | null;
      types: unknown;
      dedup: number | string;
      transfer: number | string;
    }>(result)[0];
    if (!r?.found) return null;
    return {
      usedBytes: Number(r.used_bytes ?? 0),
      fileCount: Number(r.file_count ?? 0),
      quotaBytes: r.quota === null ? null : Number(r.quota),
      types: json<{ mimeType: string; count: number; size: number | string }[]>(r.types).map((t) => ({
        mimeType: t.mimeType,
        count: Number(t.count),
        size: Number(t.size),
      })),
      dedupSavedBytes: Math.round(Number(r.dedup)),
      transferBytes: Number(r.transfer),
    };
  }

  /**
   * The storage ledger from `start` to `end`: the totals before `start`, and the change of each
   * UTC day in between (days without events are absent).
   */
  async ledger(
    userId: string,
    start: Date,
    end: Date,
  ): Promise<{
    before: { bytes: number; files: number };
    days: Map<string, { bytes: number; files: number }>;
  }> {
    const s = start.toISOString();
    const e = end.toISOString();
    const result = await this.db.execute(sql`
      select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
             sum(delta_bytes)::bigint as bytes, sum(delta_files)::int as files
      from ${storageEvents}
      where user_id = ${userId} and created_at >= ${s}::timestamptz and created_at <= ${e}::timestamptz
      group by 1
      union all
      select 'before', coalesce(sum(delta_bytes), 0)::bigint, coalesce(sum(delta_files), 0)::int
      from ${storageEvents}
      where user_id = ${userId} and created_at < ${s}::timestamptz
    `);
    const days = new Map<string, { bytes: number; files: number }>();
    let before = { bytes: 0, files: 0 };
    for (const r of rowsOf<{ day: string; bytes: number | string; files: number | string }>(result)) {
      const v = { bytes: Number(r.bytes), files: Number(r.files) };
      if (r.day === 'before') before = v;
      else days.set(r.day, v);
    }
    return { before, days };
  }

  async transferBytes(userId: string, since: Date): Promise<number> {
    const result = await this.db.execute(sql`
      select coalesce(sum(bytes), 0) as bytes from ${transfers}
      where user_id = ${userId} and created_at >= ${since.toISOString()}::timestamptz
    `);
    return Number(rowsOf<{ bytes: number | string }>(result)[0]?.bytes ?? 0);
  }

  async userExists(userId: string): Promise<boolean> {
    const result = await this.db.execute(sql`select 1 from ${users} where id = ${userId}`);
    return rowsOf(result).length > 0;
  }

  /** The latest live files with their folders' display chains, in one statement. */
  async recentFiles(userId: string, limit: number): Promise<(FileItemRow & { chain: string[] })[]> {
    const result = await this.recentStatement.execute({ userId, limit });
    return rowsOf<{
      id: string;
      name: string;
      size: number | string;
      mime_type: string;
      created_at: Date | string;
      folder_id: string | null;
      checksum: string;
      names: unknown;
    }>(result).map((r) => ({
      id: r.id,
      name: r.name,
      size: Number(r.size),
      mimeType: r.mime_type,
      createdAt: new Date(r.created_at),
      folderId: r.folder_id,
      checksum: r.checksum,
      chain: r.names ? json<string[]>(r.names) : [],
    }));
  }
}
