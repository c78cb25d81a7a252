import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiChatMessages, aiConversations, aiUsageLog, users } from '../../../db/schema/index';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Which usage rows a report covers: a half-open time range and, unless null, one user. */
export interface UsageScope {
  from: Date;
  /** Exclusive. */
  to: Date;
  userId: string | null;
}

/** Figures of a group of usage rows, as numbers (casts keep both engines' drivers alike). */
export interface FigureRow {
  calls: number;
  failures: number;
  prompt_tokens: number;
  completion_tokens: number;
  tokens: number;
  cost: number;
  avg_ms: number | null;
}

export interface LatencyRow {
  calls: number;
  failures: number;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  avg_ms: number | null;
}

const FIGURES = sql`count(*)::int as calls,
  (count(*) filter (where not l.success))::int as failures,
  coalesce(sum(l.prompt_tokens), 0)::float8 as prompt_tokens,
  coalesce(sum(l.completion_tokens), 0)::float8 as completion_tokens,
  coalesce(sum(l.tokens_used), 0)::float8 as tokens,
  coalesce(sum(l.cost), 0)::float8 as cost,
  (avg(l.response_time_ms) filter (where l.success))::float8 as avg_ms`;

/** Latency of answered calls only: a failure's time is mostly its timeout. */
const LATENCY = sql`count(*)::int as calls,
  (count(*) filter (where not l.success))::int as failures,
  (percentile_cont(0.5) within group (order by l.response_time_ms) filter (where l.success))::float8 as p50,
  (percentile_cont(0.9) within group (order by l.response_time_ms) filter (where l.success))::float8 as p90,
  (percentile_cont(0.99) within group (order by l.response_time_ms) filter (where l.success))::float8 as p99,
  (avg(l.response_time_ms) filter (where l.success))::float8 as avg_ms`;

const DAY = sql`to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * The performance figures are of answering prompts: embedding calls (a few milliseconds each, many
 * per indexed file) would pull the latency percentiles down and swamp the fallback rate. They are
 * in the usage figures, as their own operation.
 */
const NOT_EMBEDDING = sql` and l.operation <> 'embedding'`;

/** Usage rows of the platform's own work (indexing the shared knowledge base) have no user. */
export const PLATFORM_EMAIL = '(platform)';

/** Reads of the AI usage log and the chat's stored reply quality for the analytics pages. */
export class AnalyticsRepository {
  constructor(private readonly db: Db) {}

  private where(s: UsageScope): SQL {
    const user = s.userId === null ? sql`` : sql` and l.user_id = ${s.userId}`;
    return sql`l.created_at >= ${s.from.toISOString()}::timestamptz and l.created_at < ${s.to.toISOString()}::timestamptz${user}`;
  }

  private async rows<T>(q: SQL): Promise<T[]> {
    return rowsOf<T>(await this.db.execute(q));
  }

  /** Usage figures grouped by `key` (an SQL expression over the log `l`), largest spend first. */
  usageBy(s: UsageScope, key: SQL, provider: SQL | null = null) {
    return this.rows<FigureRow & { key: string; provider: string | null }>(sql`
      select ${key} as key, ${provider ?? sql`null::text`} as provider, ${FIGURES}
      from ${aiUsageLog} l where ${this.where(s)}
      group by 1, 2 order by cost desc, calls desc, key`);
  }

  usageByDay(s: UsageScope) {
    return this.usageBy(s, DAY);
  }

  usageTotals(s: UsageScope) {
    return this.rows<FigureRow>(sql`select ${FIGURES} from ${aiUsageLog} l where ${this.where(s)}`);
  }

  usageByUser(s: UsageScope) {
    return this.rows<
      FigureRow & { user_id: string; email: string; first_name: string; last_name: string }
    >(sql`
      select l.user_id, u.email, u.first_name, u.last_name, ${FIGURES}
      from ${aiUsageLog} l join ${users} u on u.id = l.user_id where ${this.where(s)}
      group by l.user_id, u.email, u.first_name, u.last_name order by cost desc, calls desc, u.email`);
  }

  /** The CSV's lines: per day, user, provider, model and operation, in that order. */
  usageLines(s: UsageScope, afterKey: string | null, limit: number) {
    const after = afterKey === null ? sql`` : sql`where x.sort_key collate "C" > ${afterKey}`;
    return this.rows<
      FigureRow & {
        day: string;
        email: string;
        provider: string;
        model: string;
        operation: string;
        sort_key: string;
      }
    >(sql`
      select * from (
        select ${DAY} as day, coalesce(u.email, ${PLATFORM_EMAIL}) as email, l.provider, l.model, l.operation, ${FIGURES},
          ${DAY} || chr(1) || coalesce(u.email, ${PLATFORM_EMAIL}) || chr(1) || l.provider || chr(1) || l.model || chr(1) || l.operation as sort_key
        from ${aiUsageLog} l left join ${users} u on u.id = l.user_id where ${this.where(s)}
        group by ${DAY}, u.email, l.provider, l.model, l.operation
      ) x ${after} order by x.sort_key collate "C" limit ${limit}`);
  }

  latencyBy(s: UsageScope, key: SQL) {
    return this.rows<LatencyRow & { key: string }>(sql`
      select ${key} as key, ${LATENCY} from ${aiUsageLog} l where ${this.where(s)}${NOT_EMBEDDING} group by 1 order by 1`);
  }

  latencyTotals(s: UsageScope) {
    return this.rows<LatencyRow>(
      sql`select ${LATENCY} from ${aiUsageLog} l where ${this.where(s)}${NOT_EMBEDDING}`,
    );
  }

  /**
   * Requests and fallbacks: the attempts of one request share metadata.requestId (rows logged
   * before it existed count as one request each); a request answered at attempt > 1 fell back.
   */
  async fallbacks(s: UsageScope): Promise<{ requests: number; fallbacks: number }> {
    const [r] = await this.rows<{ requests: number; fallbacks: number }>(sql`
      select count(distinct coalesce(l.metadata->>'requestId', 'row:' || l.id::text))::int as requests,
        (count(*) filter (where l.success and coalesce((l.metadata->>'attempt')::int, 1) > 1))::int as fallbacks
      from ${aiUsageLog} l where ${this.where(s)}${NOT_EMBEDDING}`);
    return r ?? { requests: 0, fallbacks: 0 };
  }

  topErrors(s: UsageScope, limit: number) {
    return this.rows<{ provider: string; error: string; count: number }>(sql`
      select l.provider, coalesce(l.error, 'Unknown error') as error, count(*)::int as count
      from ${aiUsageLog} l where ${this.where(s)}${NOT_EMBEDDING} and not l.success
      group by 1, 2 order by 3 desc, 1, 2 limit ${limit}`);
  }

  /** Assistant replies of the chat by day and quality category (stored with each message). */
  qualityByDay(s: UsageScope) {
    const user = s.userId === null ? sql`` : sql` and c.user_id = ${s.userId}`;
    return this.rows<{ day: string; category: string; count: number }>(sql`
      select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, m.quality->>'category' as category,
        count(*)::int as count
      from ${aiChatMessages} m join ${aiConversations} c on c.id = m.conversation_id
      where m.role = 'assistant' and m.quality is not null
        and m.created_at >= ${s.from.toISOString()}::timestamptz and m.created_at < ${s.to.toISOString()}::timestamptz${user}
      group by 1, 2 order by 1, 2`);
  }
}
