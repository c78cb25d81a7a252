import { and, asc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiPlanPolicies, aiRoutingSettings, aiUsageLog, plans, users } from '../../../db/schema/index';

/** The one row of ai_routing_settings. */
const ROUTING_ID = 'default';

export interface PlanPolicyRow {
  planId: string;
  name: string;
  aiQueriesPerMonth: number | null;
  allowedModels: string[] | null;
  queriesThisMonth: number;
  updatedAt: Date | null;
}

/** SQL of the AI management page: plans' model allow-lists and the provider order. */
export class AiPolicyRepository {
  constructor(private readonly db: Db) {}

  /** Every plan (inactive ones too: prepaid accounts have a plan no one subscribes to) with its policy and this month's queries. */
  planPolicies(since: Date): Promise<PlanPolicyRow[]> {
    const used = this.db
      .select({ planId: users.subscriptionPlan, n: sql<number>`count(*)::int`.as('n') })
      .from(aiUsageLog)
      .innerJoin(users, eq(users.id, aiUsageLog.userId))
      // As the allowance counts them: embedding calls are not queries.
      .where(
        and(
          eq(aiUsageLog.success, true),
          ne(aiUsageLog.operation, 'embedding'),
          gte(aiUsageLog.createdAt, since),
        ),
      )
      .groupBy(users.subscriptionPlan)
      .as('used');
    return this.db
      .select({
        planId: plans.id,
        name: plans.name,
        aiQueriesPerMonth: plans.aiQueriesPerMonth,
        allowedModels: aiPlanPolicies.allowedModels,
        queriesThisMonth: sql<number>`coalesce(${used.n}, 0)::int`,
        updatedAt: aiPlanPolicies.updatedAt,
      })
      .from(plans)
      .leftJoin(aiPlanPolicies, eq(aiPlanPolicies.planId, plans.id))
      .leftJoin(used, eq(used.planId, plans.id))
      .orderBy(asc(plans.sortOrder), asc(plans.id));
  }

  /** What the router needs: each plan's name and allowed models. */
  planRules(): Promise<{ planId: string; name: string; allowedModels: string[] | null }[]> {
    return this.db
      .select({ planId: plans.id, name: plans.name, allowedModels: aiPlanPolicies.allowedModels })
      .from(plans)
      .leftJoin(aiPlanPolicies, eq(aiPlanPolicies.planId, plans.id));
  }

  async setAllowedModels(
    planId: string,
    allowedModels: string[] | null,
    by: string,
    at: Date,
  ): Promise<void> {
    await this.db
      .insert(aiPlanPolicies)
      .values({ planId, allowedModels, updatedBy: by, updatedAt: at })
      .onConflictDoUpdate({
        target: aiPlanPolicies.planId,
        set: { allowedModels, updatedBy: by, updatedAt: at },
      });
  }

  async providerOrder(): Promise<string[] | null> {
    const rows = await this.db
      .select({ order: aiRoutingSettings.providerOrder })
      .from(aiRoutingSettings)
      .where(eq(aiRoutingSettings.id, ROUTING_ID));
    return rows[0]?.order ?? null;
  }

  /** The stored order, locked until the transaction ends (the audit row names what it replaced). */
  async providerOrderForUpdate(): Promise<string[] | null> {
    const rows = await this.db
      .select({ order: aiRoutingSettings.providerOrder })
      .from(aiRoutingSettings)
      .where(eq(aiRoutingSettings.id, ROUTING_ID))
      .for('update');
    return rows[0]?.order ?? null;
  }

  async setProviderOrder(order: string[], by: string, at: Date): Promise<void> {
    await this.db
      .insert(aiRoutingSettings)
      .values({ id: ROUTING_ID, providerOrder: order, updatedBy: by, updatedAt: at })
      .onConflictDoUpdate({
        target: aiRoutingSettings.id,
        set: { providerOrder: order, updatedBy: by, updatedAt: at },
      });
  }
}
