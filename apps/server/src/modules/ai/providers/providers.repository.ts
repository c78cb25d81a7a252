import { and, eq, gte, sql } from 'drizzle-orm';
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

/** Provider settings, user keys and the usage log: the AI provider layer's SQL. */
export class AiProvidersRepository {
  constructor(private readonly db: Db) {}

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
    return this.db
      .select()
      .from(aiUserKeys)
      .where(eq(aiUserKeys.userId, userId))
      .orderBy(aiUserKeys.providerId);
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
    await this.db.insert(aiUsageLog).values(row);
  }

  /** The user's plan allowance (null = unlimited) and their successful queries since `since`. */
  async allowance(
    userId: string,
    since: Date,
  ): Promise<{ planId: string; email: string; role: string; limit: number | null; used: number } | null> {
    const rows = await this.db
      .select({
        planId: users.subscriptionPlan,
        email: users.email,
        role: users.role,
        limit: plans.aiQueriesPerMonth,
        used: sql<number>`(select count(*)::int from ${aiUsageLog} where ${aiUsageLog.userId} = ${users.id} and ${aiUsageLog.success} and ${aiUsageLog.createdAt} >= ${since.toISOString()})`,
      })
      .from(users)
      .innerJoin(plans, eq(plans.id, users.subscriptionPlan))
      .where(eq(users.id, userId));
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
}
