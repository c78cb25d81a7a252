import type { TrainingFilter, TrainingReview } from '@stratos/contracts/ai/training.schema';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../admin/like-pattern';

/** Whose interactions: one user's, or everyone's (null). */
export type Scope = { userId: string | null };

export interface ExampleRow {
  id: string;
  userId: string | null;
  userEmail: string | null;
  query: string;
  response: string;
  satisfaction: number | null;
  wasHelpful: boolean | null;
  model: string | null;
  domain: string;
  comment: string | null;
  createdAt: Date;
  review: TrainingReview | null;
  reviewedAt: Date | null;
}

/** A uuid[] literal (the ids are validated uuids): a JS array would be spread into separate parameters. */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const dayStart = (d: string) => `${d}T00:00:00Z`;

/** The WHERE clause of a filtered, scoped read of ai_learning_interactions (alias i, reviews r). */
function where(scope: Scope, f: TrainingFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (scope.userId) parts.push(sql`i.user_id = ${scope.userId}`);
  if (f.from) parts.push(sql`i.created_at >= ${dayStart(f.from)}::timestamptz`);
  if (f.to) parts.push(sql`i.created_at < ${dayStart(f.to)}::timestamptz + interval '1 day'`);
  const stars = sql`round((i.satisfaction_score * 5)::numeric)`;
  if (f.minRating) parts.push(sql`${stars} >= ${f.minRating}`);
  if (f.maxRating) parts.push(sql`${stars} <= ${f.maxRating}`);
  if (f.model) parts.push(sql`i.model_used = ${f.model}`);
  if (f.domain) parts.push(sql`i.domain = ${f.domain}`);
  if (f.helpful === 'true') parts.push(sql`i.was_helpful = true`);
  if (f.helpful === 'false') parts.push(sql`i.was_helpful = false`);
  if (f.helpful === 'unrated') parts.push(sql`i.was_helpful is null`);
  if (f.review === 'unreviewed') parts.push(sql`r.review is null`);
  else if (f.review) parts.push(sql`r.review = ${f.review}`);
  if (f.search) {
    const like = containsPattern(f.search);
    parts.push(sql`(i.user_query ilike ${like} or i.ai_response ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

const SELECT = sql`
  select i.id, i.user_id, u.email as user_email, i.user_query, i.ai_response, i.satisfaction_score,
    i.was_helpful, i.model_used, i.domain, i.created_at, r.review, r.reviewed_at,
    (select fb.comment from ai_chat_feedback fb
      where i.message_id is not null and fb.message_id = i.message_id and fb.comment is not null
      order by fb.created_at desc, fb.id desc limit 1) as comment
  from ai_learning_interactions i
  left join ai_training_reviews r on r.interaction_id = i.id
  left join users u on u.id = i.user_id`;

function toRow(r: Record<string, unknown>): ExampleRow {
  return {
    id: String(r.id),
    userId: (r.user_id as string | null) ?? null,
    userEmail: (r.user_email as string | null) ?? null,
    query: String(r.user_query),
    response: String(r.ai_response),
    satisfaction: r.satisfaction_score === null ? null : Number(r.satisfaction_score),
    wasHelpful: (r.was_helpful as boolean | null) ?? null,
    model: (r.model_used as string | null) ?? null,
    domain: String(r.domain),
    comment: (r.comment as string | null) ?? null,
    createdAt: new Date(r.created_at as string),
    review: (r.review as TrainingReview | null) ?? null,
    reviewedAt: r.reviewed_at ? new Date(r.reviewed_at as string) : null,
  };
}

/** SQL of the training dataset: interactions with their reviews and feedback comments. */
export class TrainingRepository {
  constructor(private readonly db: Db) {}

  async page(scope: Scope, f: TrainingFilter, limit: number, offset: number): Promise<ExampleRow[]> {
    const result = await this.db.execute(sql`${SELECT} where ${where(scope, f)}
      order by i.created_at desc, i.id desc limit ${limit} offset ${offset}`);
    return rowsOf<Record<string, unknown>>(result).map(toRow);
  }

  async counts(
    scope: Scope,
    f: TrainingFilter,
  ): Promise<{ total: number; included: number; excluded: number }> {
    const result = await this.db.execute(sql`
      select count(*)::int as total,
        count(*) filter (where r.review = 'included')::int as included,
        count(*) filter (where r.review = 'excluded')::int as excluded
      from ai_learning_interactions i left join ai_training_reviews r on r.interaction_id = i.id
      where ${where(scope, f)}`);
    const r = rowsOf<{ total: number | string; included: number | string; excluded: number | string }>(
      result,
    )[0];
    return {
      total: Number(r?.total ?? 0),
      included: Number(r?.included ?? 0),
      excluded: Number(r?.excluded ?? 0),
    };
  }

  /** Distinct models and domains in the scope, for the filter menus. */
  async facets(scope: Scope): Promise<{ models: string[]; domains: string[] }> {
    const own = scope.userId ? sql`user_id = ${scope.userId}` : sql`true`;
    const [models, domains] = await Promise.all([
      this.db.execute(sql`select distinct model_used as v from ai_learning_interactions
        where ${own} and model_used is not null order by 1 limit 100`),
      this.db.execute(
        sql`select distinct domain as v from ai_learning_interactions where ${own} order by 1 limit 100`,
      ),
    ]);
    return {
      models: rowsOf<{ v: string }>(models).map((r) => r.v),
      domains: rowsOf<{ v: string }>(domains).map((r) => r.v),
    };
  }

  /**
   * The next `limit` included examples after (createdAt, id), oldest first: the export reads the
   * dataset in keyset pages so a large one is never held whole.
   */
  async includedAfter(
    scope: Scope,
    f: TrainingFilter,
    after: { createdAt: string; id: string } | null,
    limit: number,
  ): Promise<{ id: string; query: string; response: string; createdAt: string }[]> {
    const cursor = after
      ? sql`and (i.created_at, i.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql``;
    const result = await this.db.execute(sql`
      select i.id, i.user_query, i.ai_response, to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
      from ai_learning_interactions i join ai_training_reviews r on r.interaction_id = i.id
      where ${where(scope, { ...f, review: 'included' })} ${cursor}
      order by i.created_at, i.id limit ${limit}`);
    return rowsOf<{ id: string; user_query: string; ai_response: string; created_at: string }>(result).map(
      (r) => ({
        id: r.id,
        query: r.user_query,
        response: r.ai_response,
        createdAt: r.created_at,
      }),
    );
  }

  /** How many of `ids` the scope may see. */
  async visibleCount(scope: Scope, ids: string[]): Promise<number> {
    const own = scope.userId ? sql`and user_id = ${scope.userId}` : sql``;
    const result = await this.db.execute(
      sql`select count(*)::int as n from ai_learning_interactions where id = any(${uuidArray(ids)}::uuid[]) ${own}`,
    );
    return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
  }

  async setReview(ids: string[], review: TrainingReview | 'unreviewed', reviewerId: string): Promise<number> {
    if (review === 'unreviewed') {
      const result = await this.db.execute(
        sql`delete from ai_training_reviews where interaction_id = any(${uuidArray(ids)}::uuid[]) returning interaction_id`,
      );
      return rowsOf(result).length;
    }
    const result = await this.db.execute(sql`
      insert into ai_training_reviews (interaction_id, review, reviewed_by, reviewed_at)
      select x, ${review}, ${reviewerId}, now() from unnest(${uuidArray(ids)}::uuid[]) as x
      on conflict (interaction_id) do update set review = excluded.review, reviewed_by = excluded.reviewed_by,
        reviewed_at = excluded.reviewed_at
      returning interaction_id`);
    return rowsOf(result).length;
  }
}
