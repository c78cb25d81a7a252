import type { AnalysisInsight, DashboardFailure } from '@stratos/contracts/ai/analysis.schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedSql } from '../../../db/prepared-sql';
import { aiFileAnalyses, files } from '../../../db/schema/index';
import type { ParsedAnalysis } from './analysis-prompt';
import { READABLE_EXTENSIONS, READABLE_MIME_TYPES } from './text-extraction';

export type AnalysisRow = typeof aiFileAnalyses.$inferSelect;

/** A completed analysis's recommendations, with the file they are about. */
export interface FileRecommendations {
  fileId: string;
  fileName: string;
  category: string | null;
  recommendations: string[];
  completedAt: Date;
}

/** What the model said (parsed) and how it was asked. */
export interface AnalysisResult extends ParsedAnalysis {
  model: string;
  provider: string;
  charsAnalyzed: number;
  truncated: boolean;
}

export interface DashboardFigures {
  totalAnalyses: number;
  averageConfidence: number | null;
  analyzedFiles: number;
  pendingAnalyses: number;
  failedAnalyses: number;
  unsupportedAnalyses: number;
  failures: DashboardFailure[];
  insightCount: number;
  recommendationCount: number;
  lastAnalyzedAt: Date | null;
  categories: { category: string; count: number }[];
  insights: (AnalysisInsight & { fileId: string; fileName: string })[];
  recommendations: { fileId: string; fileName: string; text: string }[];
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The SQL test "this file is one we can read", from the extraction module's lists. */
export function readableFile(alias: string) {
  const mimes = Object.keys(READABLE_MIME_TYPES);
  const pattern = `\\.(${Object.keys(READABLE_EXTENSIONS).join('|')})$`;
  return sql`(${sql.raw(`${alias}.mime_type`)} in (${sql.join(
    mimes.map((m) => sql`${m}`),
    sql`, `,
  )}) or lower(${sql.raw(`${alias}.name`)}) ~ ${pattern})`;
}

/** SQL of ai_file_analyses: the queue (pending/running rows) and the stored results. */
export class AnalysisRepository {
  /** The dashboard's count of analyses, prepared (it runs with every dashboard). */
  private readonly totalRunsStatement;

  constructor(private readonly db: Db) {
    this.totalRunsStatement = preparedSql<{ n: number | string }>(
      db,
      'analysis_total_runs',
      sql`
        select coalesce(sum(a.runs), 0)::int as n from ${aiFileAnalyses} a
        join ${files} f on f.id = a.file_id and f.deleted_at is null
        where a.user_id = ${sql.placeholder('userId')}::uuid
      `,
    );
  }

  /** A pending row for a new file (inside the upload's transaction); nothing when one exists. */
  async insertPending(tx: Db, fileId: string, userId: string): Promise<void> {
    await tx.insert(aiFileAnalyses).values({ fileId, userId }).onConflictDoNothing();
  }

  /**
   * Queues a file: a new pending row, or an existing finished row (completed, failed, unsupported)
   * back to pending with its failures reset. Null when the file is already pending or running.
   * The results of the last completed run stay until the next one replaces them.
   */
  async queue(fileId: string, userId: string): Promise<AnalysisRow | null> {
    const rows = await this.db
      .insert(aiFileAnalyses)
      .values({ fileId, userId })
      .onConflictDoUpdate({
        target: aiFileAnalyses.fileId,
        set: { status: 'pending', failures: 0, error: null, leaseUntil: null, updatedAt: sql`now()` },
        setWhere: sql`${aiFileAnalyses.status} not in ('pending', 'running')`,
      })
      .returning();
    return rows[0] ?? null;
  }

  /**
   * Queues every live readable file of the user that has no analysis row, and puts every failed
   * one of a live file back to pending with its tries reset, in one statement. Returns how many
   * of each.
   */
  async queueUnanalysed(userId: string): Promise<{ added: number; retried: number }> {
    const result = await this.db.execute(sql`
      with retried as (
        update ${aiFileAnalyses} a set status = 'pending', failures = 0, error = null,
          lease_until = null, updated_at = now()
        from ${files} f
        where a.user_id = ${userId} and a.status = 'failed' and f.id = a.file_id and f.deleted_at is null
        returning a.id
      ), added as (
        insert into ${aiFileAnalyses} (file_id, user_id)
        select f.id, f.owner_id from ${files} f
        where f.owner_id = ${userId} and f.deleted_at is null and ${readableFile('f')}
          and not exists (select 1 from ${aiFileAnalyses} a where a.file_id = f.id)
        on conflict (file_id) do nothing
        returning id
      )
      select (select count(*)::int from added) as added, (select count(*)::int from retried) as retried
    `);
    const r = rowsOf<{ added: number | string; retried: number | string }>(result)[0];
    return { added: Number(r?.added ?? 0), retried: Number(r?.retried ?? 0) };
  }

  /**
   * Takes the oldest pending row of a live file (or a running one whose lease passed: its worker
   * died) and marks it running until `leaseMs` from now. Rows locked by another worker are
   * skipped, so any number of workers on any number of nodes take distinct rows.
   */
  async claim(leaseMs: number): Promise<AnalysisRow | null> {
    const result = await this.db.execute(sql`
      update ${aiFileAnalyses} set status = 'running',
        lease_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
      where id = (
        select a.id from ${aiFileAnalyses} a
        join ${files} f on f.id = a.file_id and f.deleted_at is null
        where a.status = 'pending' or (a.status = 'running' and a.lease_until < now())
        order by a.created_at, a.id
        limit 1
        for update of a skip locked
      )
      returning id
    `);
    const id = rowsOf<{ id: string }>(result)[0]?.id;
    if (!id) return null;
    return (await this.db.select().from(aiFileAnalyses).where(eq(aiFileAnalyses.id, id)))[0] ?? null;
  }

  async complete(id: string, r: AnalysisResult): Promise<void> {
    await this.db
      .update(aiFileAnalyses)
      .set({
        ...r,
        status: 'completed',
        error: null,
        failures: 0,
        leaseUntil: null,
        runs: sql`${aiFileAnalyses.runs} + 1`,
        updatedAt: sql`now()`,
        completedAt: sql`now()`,
      })
      .where(eq(aiFileAnalyses.id, id));
  }

  /**
   * A failed try: back to pending, or 'failed' for good once `maxFailures` tries failed (at once
   * when `final`). Returns the status the row now has.
   */
  async fail(id: string, error: string, maxFailures: number, final = false): Promise<'pending' | 'failed'> {
    const rows = await this.db
      .update(aiFileAnalyses)
      .set({
        failures: sql`${aiFileAnalyses.failures} + 1`,
        status: final
          ? 'failed'
          : sql`case when ${aiFileAnalyses.failures} + 1 >= ${maxFailures} then 'failed' else 'pending' end`,
        error,
        leaseUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(aiFileAnalyses.id, id))
      .returning({ status: aiFileAnalyses.status });
    return rows[0]?.status === 'failed' ? 'failed' : 'pending';
  }

  /** Nothing we can read in the file. */
  async markUnsupported(id: string, error: string): Promise<void> {
    await this.db
      .update(aiFileAnalyses)
      .set({ status: 'unsupported', error, leaseUntil: null, updatedAt: sql`now()` })
      .where(eq(aiFileAnalyses.id, id));
  }

  /** Back to pending without counting a failure (no provider could take it now). */
  async release(id: string): Promise<void> {
    await this.db
      .update(aiFileAnalyses)
      .set({ status: 'pending', leaseUntil: null, updatedAt: sql`now()` })
      .where(eq(aiFileAnalyses.id, id));
  }

  async findForFile(userId: string, fileId: string): Promise<AnalysisRow | null> {
    const rows = await this.db
      .select()
      .from(aiFileAnalyses)
      .where(and(eq(aiFileAnalyses.fileId, fileId), eq(aiFileAnalyses.userId, userId)));
    return rows[0] ?? null;
  }

  /**
   * The recommendations of the user's completed analyses of live files, newest first: one row per
   * file (its recommendations in the model's order), at most `limit` files.
   */
  async recommendationsOf(userId: string, limit: number): Promise<FileRecommendations[]> {
    const result = await this.db.execute(sql`
      select a.file_id, f.name as file_name, a.category, a.recommendations,
        coalesce(a.completed_at, a.updated_at) as completed_at
      from ${aiFileAnalyses} a
      join ${files} f on f.id = a.file_id and f.deleted_at is null
      where a.user_id = ${userId} and a.runs > 0 and jsonb_array_length(a.recommendations) > 0
      order by coalesce(a.completed_at, a.updated_at) desc, a.file_id
      limit ${limit}
    `);
    return rowsOf<{
      file_id: string;
      file_name: string;
      category: string | null;
      recommendations: unknown;
      completed_at: Date | string;
    }>(result).map((r) => ({
      fileId: r.file_id,
      fileName: r.file_name,
      category: r.category,
      recommendations: json<string[]>(r.recommendations),
      completedAt: new Date(r.completed_at),
    }));
  }

  /** Completed runs over the user's live files (the dashboard's "AI Analyses"). */
  async totalRuns(userId: string): Promise<number> {
    const result = await this.totalRunsStatement.execute({ userId });
    return Number(result.rows[0]?.n ?? 0);
  }

  /**
   * Every figure of the AI dashboard in one statement, over the user's live files: a file counts
   * as analysed once a run completed (its last results stay while it is re-analysed).
   */
  async dashboard(userId: string, top: number, failuresListed: number): Promise<DashboardFigures> {
    const result = await this.db.execute(sql`
      with live as (
        select a.*, f.name as file_name from ${aiFileAnalyses} a
        join ${files} f on f.id = a.file_id and f.deleted_at is null
        where a.user_id = ${userId}
      ), done as (select * from live where completed_at is not null)
      select
        (select coalesce(sum(runs), 0)::int from live) as total,
        (select avg(confidence)::float8 from done) as confidence,
        (select count(*)::int from done) as analysed,
        (select count(*)::int from live where status in ('pending', 'running')) as pending,
        (select count(*)::int from live where status = 'failed') as failed,
        (select count(*)::int from live where status = 'unsupported') as unsupported,
        (select coalesce(json_agg(t), '[]'::json) from (
           select file_id as "fileId", file_name as "fileName", status, error, updated_at as "updatedAt"
           from live where status in ('failed', 'unsupported')
           order by case status when 'failed' then 0 else 1 end, updated_at desc, id
           limit ${failuresListed}
         ) t) as failures,
        (select coalesce(sum(jsonb_array_length(insights)), 0)::int from done) as insight_count,
        (select coalesce(sum(jsonb_array_length(recommendations)), 0)::int from done) as recommendation_count,
        (select max(completed_at) from done) as last_at,
        (select coalesce(json_agg(t), '[]'::json) from (
           select category, count(*)::int as count from done where category is not null
           group by category order by count(*) desc, category
         ) t) as categories,
        (select coalesce(json_agg(t), '[]'::json) from (
           select d.file_id as "fileId", d.file_name as "fileName", i.value->>'type' as type,
             i.value->>'title' as title, i.value->>'description' as description,
             i.value->>'priority' as priority
           from done d cross join lateral jsonb_array_elements(d.insights) with ordinality as i(value, n)
           order by case i.value->>'priority' when 'high' then 0 when 'medium' then 1 else 2 end,
             d.completed_at desc, d.id, i.n
           limit ${top}
         ) t) as insights,
        (select coalesce(json_agg(t), '[]'::json) from (
           select d.file_id as "fileId", d.file_name as "fileName", r.value as text
           from done d cross join lateral jsonb_array_elements_text(d.recommendations) with ordinality as r(value, n)
           order by d.completed_at desc, d.id, r.n
           limit ${top}
         ) t) as recommendations
    `);
    const r = rowsOf<{
      total: number | string;
      confidence: number | string | null;
      analysed: number | string;
      pending: number | string;
      failed: number | string;
      unsupported: number | string;
      failures: unknown;
      insight_count: number | string;
      recommendation_count: number | string;
      last_at: Date | string | null;
      categories: unknown;
      insights: unknown;
      recommendations: unknown;
    }>(result)[0];
    return {
      totalAnalyses: Number(r?.total ?? 0),
      averageConfidence: r?.confidence == null ? null : Number(r.confidence),
      analyzedFiles: Number(r?.analysed ?? 0),
      pendingAnalyses: Number(r?.pending ?? 0),
      failedAnalyses: Number(r?.failed ?? 0),
      unsupportedAnalyses: Number(r?.unsupported ?? 0),
      failures: json<DashboardFailure[]>(r?.failures ?? []).map((f) => ({
        ...f,
        updatedAt: new Date(f.updatedAt).toISOString(),
      })),
      insightCount: Number(r?.insight_count ?? 0),
      recommendationCount: Number(r?.recommendation_count ?? 0),
      lastAnalyzedAt: r?.last_at ? new Date(r.last_at) : null,
      categories: json<{ category: string; count: number }[]>(r?.categories ?? []).map((c) => ({
        category: c.category,
        count: Number(c.count),
      })),
      insights: json<DashboardFigures['insights']>(r?.insights ?? []),
      recommendations: json<DashboardFigures['recommendations']>(r?.recommendations ?? []),
    };
  }
}
