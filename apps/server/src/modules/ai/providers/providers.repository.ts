import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiProviderSettings, aiUsageLog, aiUserKeys, plans, users } from '../../../db/schema/index';

export type ProviderSettingsRow = typeof aiProviderSettings.$inferSelect;
export type UserKeyRow = typeof aiUserKeys.$inferSelect;
export type NewUsageRow = typeof aiUsageLog.$inferInsert;

export interface CheckWrite {
  status: ProviderSettingsRow['status'];
  lastResponseMs: number | null;
  availableModels: string[];
  error: string | null;
  checkedAt: Date;
}

const p = (name: string) => sql.placeholder(name);

/** A usage row with the table's defaults filled in: the prepared insert's parameters. */
const usageParams = (row: NewUsageRow) => ({
  userId: row.userId,
  provider: row.provider,
  model: row.model,
  operation: row.operation,
  promptTokens: row.promptTokens ?? 0,
  completionTokens: row.completionTokens ?? 0,
  tokensUsed: row.tokensUsed ?? 0,
  cost: row.cost ?? 0,
  responseTimeMs: row.responseTimeMs,
  success: row.success,
  error: row.error ?? null,
  streamed: row.streamed ?? false,
  metadata: row.metadata ?? {},
});

/**
 * Usage rows as a `select` from one array per column (`unnest`), every column in the table's order
 * as Drizzle's insert ... select lists them: the same statement for any number of rows, so it is
 * prepared once. The chat's exchange statements insert their calls' rows with it too. Its
 * parameters come from `usageRowArrays`. The id sequence is named as a constant (resolved once, when
 * the statement is prepared): `pg_get_serial_sequence` would look it up for every row, which cost
 * ~0.15 ms a statement on PGlite.
 */
export const usageRowsSelect = () =>
  sql`select nextval('ai_usage_log_id_seq'), *, now() from unnest(
    ${p('usageUserIds')}::uuid[], ${p('usageProviders')}::text[], ${p('usageModels')}::text[],
    ${p('usageOperations')}::text[], ${p('usagePromptTokens')}::int[], ${p('usageCompletionTokens')}::int[],
    ${p('usageTokensUsed')}::int[], ${p('usageCosts')}::float8[], ${p('usageResponseTimes')}::int[],
    ${p('usageSuccesses')}::boolean[], ${p('usageErrors')}::text[], ${p('usageStreamed')}::boolean[],
    ${p('usageMetadata')}::jsonb[])`;

/** `usageRowsSelect`'s parameters; no rows gives empty arrays (and nothing inserted). */
export function usageRowArrays(rows: NewUsageRow[]) {
  const r = rows.map(usageParams);
  const col = <T>(pick: (u: (typeof r)[number]) => T) => r.map(pick);
  return {
    usageUserIds: col((u) => u.userId),
    usageProviders: col((u) => u.provider),
    usageModels: col((u) => u.model),
    usageOperations: col((u) => u.operation),
    usagePromptTokens: col((u) => u.promptTokens),
    usageCompletionTokens: col((u) => u.completionTokens),
    usageTokensUsed: col((u) => u.tokensUsed),
    usageCosts: col((u) => u.cost),
    usageResponseTimes: col((u) => u.responseTimeMs),
    usageSuccesses: col((u) => u.success),
    usageErrors: col((u) => u.error),
    usageStreamed: col((u) => u.streamed),
    // jsonb as text per element, cast in SQL: both drivers send text arrays alike.
    usageMetadata: col((u) => JSON.stringify(u.metadata)),
  };
}

/**
 * Provider settings, user keys and the usage log: the AI provider layer's SQL. The three
 * statements of every AI call (allowance, the user's keys, the usage row) are built once and
 * prepared: named server-side statements on both drivers, parsed and planned once.
 */
export class AiProvidersRepository {
  private readonly userKeysStatement;
  private readonly logUsageStatement;
  private readonly logUsageRowsStatement;
  private readonly allowanceStatement;

  constructor(private readonly db: Db) {
    this.userKeysStatement = db
      .select()
      .from(aiUserKeys)
      .where(eq(aiUserKeys.userId, p('userId')))
      .orderBy(aiUserKeys.providerId)
      .prepare('ai_user_keys');
    this.logUsageStatement = db
      .insert(aiUsageLog)
      // Drizzle's types leave placeholders out of values(), but it encodes them like values.
      .values({
        userId: p('userId'),
        provider: p('provider'),
        model: p('model'),
        operation: p('operation'),
        promptTokens: p('promptTokens'),
        completionTokens: p('completionTokens'),
        tokensUsed: p('tokensUsed'),
        cost: p('cost'),
        responseTimeMs: p('responseTimeMs'),
        success: p('success'),
        error: p('error'),
        streamed: p('streamed'),
        metadata: p('metadata'),
      } as never)
      .prepare('ai_log_usage');
    this.logUsageRowsStatement = db.insert(aiUsageLog).select(usageRowsSelect()).prepare('ai_log_usage_rows');
    // The month's count is only taken when there is a limit to hold it against: unlimited plans
    // and superadmins would otherwise count a row per query they ever made this month. Embedding
    // calls (a search's term, indexing a file) are not queries: they never spend the allowance.
    this.allowanceStatement = db
      .select({
        planId: users.subscriptionPlan,
        email: users.email,
        role: users.role,
        limit: plans.aiQueriesPerMonth,
        used: sql<number>`case when ${plans.aiQueriesPerMonth} is null or ${users.role} = 'superadmin' then 0 else (select count(*)::int from ${aiUsageLog} where ${aiUsageLog.userId} = ${users.id} and ${aiUsageLog.success} and ${aiUsageLog.operation} <> 'embedding' and ${aiUsageLog.createdAt} >= ${p('since')}::timestamptz) end`,
      })
      .from(users)
      .innerJoin(plans, eq(plans.id, users.subscriptionPlan))
      .where(eq(users.id, p('userId')))
      .prepare('ai_allowance');
  }

  listSettings(): Promise<ProviderSettingsRow[]> {
    return this.db.select().from(aiProviderSettings);
  }

  async saveSettings(
    providerId: string,
    patch: Partial<Pick<ProviderSettingsRow, 'apiKeyEnc' | 'baseUrl' | 'enabled'>>,
  ): Promise<ProviderSettingsRow> {
    const rows = await this.db
      .insert(aiProviderSettings)
      .values({ providerId, ...patch })
      .onConflictDoUpdate({
        target: aiProviderSettings.providerId,
        set: { ...patch, updatedAt: sql`now()` },
      })
      .returning();
    return rows[0] as ProviderSettingsRow;
  }

  async saveCheck(providerId: string, check: CheckWrite): Promise<void> {
    await this.db
      .insert(aiProviderSettings)
      .values({ providerId, ...check })
      .onConflictDoUpdate({ target: aiProviderSettings.providerId, set: check });
  }

  listUserKeys(userId: string): Promise<UserKeyRow[]> {
    return this.userKeysStatement.execute({ userId });
  }

  async saveUserKey(row: Omit<UserKeyRow, 'updatedAt'>): Promise<UserKeyRow> {
    const { userId, providerId, ...rest } = row;
    const rows = await this.db
      .insert(aiUserKeys)
      .values(row)
      .onConflictDoUpdate({
        target: [aiUserKeys.userId, aiUserKeys.providerId],
        set: { ...rest, updatedAt: sql`now()` },
      })
      .returning();
    return rows[0] as UserKeyRow;
  }

  async deleteUserKey(userId: string, providerId: string): Promise<boolean> {
    const rows = await this.db
      .delete(aiUserKeys)
      .where(and(eq(aiUserKeys.userId, userId), eq(aiUserKeys.providerId, providerId)))
      .returning({ userId: aiUserKeys.userId });
    return rows.length > 0;
  }

  async logUsage(row: NewUsageRow): Promise<void> {
    await this.logUsageStatement.execute(usageParams(row));
  }

  /**
   * Several usage rows in one statement (UsageLogBatcher's group commit): one array per column and
   * `unnest`, so the statement is the same for any number of rows and is prepared once; a multi-row
   * VALUES list would be built by Drizzle and parsed by the database anew for every batch size.
   */
  async logUsageRows(rows: NewUsageRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.logUsageRowsStatement.execute(usageRowArrays(rows));
  }

  /** The user's plan allowance (null = unlimited) and their successful queries since `since` (0 when unlimited). */
  async allowance(
    userId: string,
    since: Date,
  ): Promise<{ planId: string; email: string; role: string; limit: number | null; used: number } | null> {
    const rows = await this.allowanceStatement.execute({ userId, since: since.toISOString() });
    const r = rows[0];
    return r ? { ...r, used: Number(r.used) } : null;
  }

  /** Usage rows of a user, newest first (tests and the later dashboard). */
  usageOf(userId: string, since = new Date(0)) {
    return this.db
      .select()
      .from(aiUsageLog)
      .where(and(eq(aiUsageLog.userId, userId), gte(aiUsageLog.createdAt, since)))
      .orderBy(sql`${aiUsageLog.id} desc`);
  }
  /**
   * What calls that answered cost (dollars), by call id: their usage rows, looked up when a
   * process died before charging them (the sweep of its credit holds). Rare: no index of its own.
   */
  async callCosts(calls: { userId: string; callId: string }[]): Promise<Map<string, number>> {
    const ids = calls.map((c) => c.callId).filter(Boolean);
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ callId: sql<string>`${aiUsageLog.metadata}->>'callId'`, cost: aiUsageLog.cost })
      .from(aiUsageLog)
      .where(
        and(
          inArray(aiUsageLog.userId, [...new Set(calls.map((c) => c.userId))]),
          eq(aiUsageLog.success, true),
          inArray(sql`${aiUsageLog.metadata}->>'callId'`, ids),
        ),
      );
    return new Map(rows.map((r) => [r.callId, Number(r.cost)]));
  }
}
