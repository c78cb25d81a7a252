import { type DatabaseQueryReply, SQL_QUERY_LIMITS } from '@stratos/contracts/ai/knowledge-data.schema';
import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error';
import { pgErrorOf } from '../../../lib/pg-error';
import type { AuditService } from '../../audit/audit.service';
import { type DataActor, databaseAccessRefused, isSuperadmin } from './knowledge-access';
import { type KnowledgeDataRepository, TooCostly } from './knowledge-data.repository';
import { type CheckedStatement, checkReadOnlySql, loadSqlParser, SqlRefusal } from './sql-guard';

export type SqlParam = string | number | boolean | null;

export interface QueryLimits {
  maxRows: number;
  timeoutMs: number;
}

/**
 * Where statements cannot be interrupted (PGlite: one process, no timer signal), the planner's
 * estimate stands in for the timeout: above this many cost units a statement is refused before
 * it runs. A full scan of a 15,000-row AI table costs a few hundred; a nested loop over two of
 * them, which runs for many seconds on PGlite, a few hundred thousand or more.
 */
export const EMBEDDED_MAX_COST = 100_000;

/** PostgreSQL type oids whose values the two drivers hand back differently. */
const INT8 = 20;

/**
 * The superadmin's raw SQL over the AI tables (`POST /api/ai/database/query`, DECISIONS.md
 * section 6): one read-only statement that passes the SQL guard, run in a READ ONLY transaction
 * with a statement timeout, at most `maxRows` rows returned. Every call is audited, run or refused.
 */
export class KnowledgeQueryService {
  constructor(
    private readonly deps: {
      repo: KnowledgeDataRepository;
      audit: Pick<AuditService, 'record'>;
      /** False on PGlite: its statement timeout is not enforced (see EMBEDDED_MAX_COST). */
      canInterrupt: boolean;
      limits?: QueryLimits;
    },
  ) {}

  private get limits(): QueryLimits {
    return this.deps.limits ?? SQL_QUERY_LIMITS;
  }

  async query(
    actor: DataActor,
    body: { sql: string; params: SqlParam[] },
    ip: string | null,
  ): Promise<DatabaseQueryReply> {
    const started = performance.now();
    const audit = (outcome: 'ran' | 'refused' | 'failed', details: Record<string, unknown>) =>
      this.deps.audit.record(
        AUDIT_OPERATIONS.aiDatabaseQuery,
        { userId: actor.id, email: actor.email, ip },
        {
          outcome,
          sql: body.sql.slice(0, 2000),
          params: body.params.length,
          durationMs: Math.round(performance.now() - started),
          ...details,
        },
      );

    if (!isSuperadmin(actor)) {
      await audit('refused', { reason: 'not the superadmin' });
      throw databaseAccessRefused();
    }
    let checked: CheckedStatement;
    let schema: string;
    try {
      await loadSqlParser();
      schema = await this.deps.repo.currentSchema();
      checked = checkReadOnlySql(body.sql, schema);
      checkParams(checked, body.params.length);
      if (checked.recursive && !this.deps.canInterrupt) {
        throw new SqlRefusal(
          'WITH RECURSIVE is not allowed on the embedded database: it cannot stop a statement that runs away',
        );
      }
    } catch (err) {
      if (!(err instanceof SqlRefusal)) throw err;
      await audit('refused', { reason: err.reason });
      throw new AppError(400, 'SQL_REFUSED', err.reason);
    }

    const { maxRows, timeoutMs } = this.limits;
    let result: Awaited<ReturnType<KnowledgeDataRepository['readOnly']>>;
    const maxCost = this.deps.canInterrupt ? undefined : EMBEDDED_MAX_COST;
    try {
      result = await this.deps.repo.readOnly(
        capped(checked, body.params, maxRows),
        schema,
        timeoutMs,
        maxCost,
      );
    } catch (err) {
      if (err instanceof TooCostly) {
        const reason = `The query is estimated too expensive for the embedded database (cost ${Math.round(err.cost)}, limit ${err.limit}); narrow it down`;
        await audit('refused', { reason, tables: checked.tables });
        throw new AppError(400, 'SQL_REFUSED', reason);
      }
      const pg = pgErrorOf(err);
      if (!pg) throw err;
      const reason =
        pg.code === '57014'
          ? `The query ran longer than ${timeoutMs / 1000} s and was stopped`
          : `The query failed: ${pg.message}`;
      await audit('failed', { reason, tables: checked.tables });
      throw new AppError(400, 'SQL_FAILED', reason);
    }

    const truncated = result.rows.length > maxRows;
    const rows = result.rows.slice(0, maxRows).map((row) => jsonRow(row, result.types));
    await audit('ran', { tables: checked.tables, rowCount: rows.length, truncated });
    return { success: true, rows, rowCount: rows.length, truncated };
  }
}

/** The statement uses $1..$n and n parameters are given: PostgreSQL's own rule for a bind. */
function checkParams(checked: CheckedStatement, given: number) {
  const highest = Math.max(0, ...checked.params.map((p) => p.number));
  if (highest !== given) {
    throw new SqlRefusal(
      `The statement uses ${highest} parameter${highest === 1 ? '' : 's'} ($1..$n) but ${given} ${given === 1 ? 'was' : 'were'} given`,
    );
  }
}

/**
 * The checked statement as a subquery with a LIMIT of one row more than the cap (so a cut is
 * known), its `$n` bound as parameters. Line breaks around it keep a trailing `-- comment` from
 * swallowing the closing parenthesis.
 */
function capped(checked: CheckedStatement, params: SqlParam[], maxRows: number): SQL {
  const text = Buffer.from(checked.text, 'utf8');
  const parts: SQL[] = [];
  let at = 0;
  for (const p of checked.params) {
    parts.push(sql.raw(text.subarray(at, p.offset).toString('utf8')));
    parts.push(sql`${params[p.number - 1] ?? null}`);
    at = p.offset + p.length;
  }
  parts.push(sql.raw(text.subarray(at).toString('utf8')));
  return sql`select * from (\n${sql.join(parts)}\n) as stratos_query limit ${sql.raw(String(maxRows + 1))}`;
}

/**
 * A row as JSON, alike on both engines: int8 (count(*), sums) as a number where it is exact
 * (pg hands it over as text, PGlite as a number), else as text; other bigints likewise.
 */
function jsonRow(row: Record<string, unknown>, types: Map<string, number>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === 'bigint') {
      out[key] = Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
    } else if (typeof value === 'string' && types.get(key) === INT8) {
      const n = Number(value);
      out[key] = Number.isSafeInteger(n) ? n : value;
    } else {
      out[key] = value;
    }
  }
  return out;
}
