import {
  AI_POLICY_AUDIT,
  AI_POLICY_MESSAGES,
  type AiManagement,
  type AiModelOption,
  type AiPlanPolicy,
  type AiPlanPolicyBody,
  DEFAULT_PROVIDER_ORDER,
} from '@stratos/contracts/ai/management.schema';
import { AI_CALLABLE_PROVIDERS, type AiCallableProvider } from '@stratos/contracts/ai/providers.schema';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { AuditRepository } from '../../audit/audit.repository';
import { type AuditActor, AuditService } from '../../audit/audit.service';
import { PlansRepository } from '../../plans/plans.repository';
import { PlansService } from '../../plans/plans.service';
import type { AiUsageService } from '../providers/ai-usage.service';
import { sameModelName } from '../providers/plan-rules';
import { providerDefinition } from '../providers/provider-catalog';
import type { ProviderRegistry } from '../providers/provider-registry';
import { AiPolicyRepository, type PlanPolicyRow } from './ai-policy.repository';
import { type AiPolicyRules, effectiveOrder } from './ai-policy-rules';

export interface ManagementDeps {
  db: Db;
  rules: AiPolicyRules;
  registry: Pick<ProviderRegistry, 'settings'>;
  usage: Pick<AiUsageService, 'forgetAdmitted'>;
  clock: Clock;
}

export type ManagementActor = AuditActor & { userId: string };

const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

const toPolicy = (r: PlanPolicyRow): AiPlanPolicy => ({
  planId: r.planId,
  name: r.name,
  aiQueriesPerMonth: r.aiQueriesPerMonth,
  allowedModels: r.allowedModels,
  queriesThisMonth: r.queriesThisMonth,
  updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
});

/**
 * The AI management page (admins): per plan the allowed models and the monthly allowance, and the
 * provider order. Each change is made and audited in one transaction; the router sees it at once
 * in this process and within POLICY_TTL_MS on the others.
 */
export class AiManagementService {
  private readonly repo: AiPolicyRepository;

  constructor(private readonly d: ManagementDeps) {
    this.repo = new AiPolicyRepository(d.db);
  }

  /** Every model a plan can be allowed: the catalogue's, and what each provider reported it serves. */
  async models(): Promise<AiModelOption[]> {
    const settings = await this.d.registry.settings();
    const out: AiModelOption[] = [];
    for (const provider of AI_CALLABLE_PROVIDERS) {
      const seen = new Set<string>();
      for (const model of [
        ...providerDefinition(provider).models,
        ...(settings.get(provider)?.availableModels ?? []),
      ]) {
        const key = sameModelName(model);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ provider, model: model.replace(/:latest$/, '') });
      }
    }
    return out;
  }

  async overview(): Promise<AiManagement> {
    const [rows, order, models] = await Promise.all([
      this.repo.planPolicies(monthStart(this.d.clock.now())),
      this.repo.providerOrder(),
      this.models(),
    ]);
    return {
      plans: rows.map(toPolicy),
      providerOrder: effectiveOrder(order),
      defaultProviderOrder: [...DEFAULT_PROVIDER_ORDER],
      models,
    };
  }

  async updatePlan(actor: ManagementActor, planId: string, body: AiPlanPolicyBody): Promise<AiPlanPolicy> {
    const now = this.d.clock.now();
    await this.d.db.transaction(async (tx) => {
      const plans = new PlansService(new PlansRepository(tx));
      const repo = new AiPolicyRepository(tx);
      const plan = await plans.lockPlan(planId);
      if (!plan) throw notFound(AI_POLICY_MESSAGES.planNotFound);
      const before = (await repo.planRules()).find((r) => r.planId === planId);
      const details: Record<string, unknown> = { planId };
      if (body.allowedModels !== undefined) {
        await repo.setAllowedModels(planId, body.allowedModels, actor.userId, now);
        details.allowedModels = { from: before?.allowedModels ?? null, to: body.allowedModels };
      }
      if (body.aiQueriesPerMonth !== undefined) {
        await plans.setAiQueriesPerMonth(planId, body.aiQueriesPerMonth);
        details.aiQueriesPerMonth = { from: plan.aiQueriesPerMonth, to: body.aiQueriesPerMonth };
      }
      await new AuditService(new AuditRepository(tx)).record(AI_POLICY_AUDIT.planPolicy, actor, details);
    });
    this.d.rules.invalidate();
    if (body.aiQueriesPerMonth !== undefined) this.d.usage.forgetAdmitted();
    const rows = await this.repo.planPolicies(monthStart(now));
    const row = rows.find((r) => r.planId === planId);
    if (!row) throw notFound(AI_POLICY_MESSAGES.planNotFound);
    return toPolicy(row);
  }

  async setProviderOrder(actor: ManagementActor, order: AiCallableProvider[]): Promise<AiCallableProvider[]> {
    const now = this.d.clock.now();
    await this.d.db.transaction(async (tx) => {
      const repo = new AiPolicyRepository(tx);
      const before = effectiveOrder(await repo.providerOrderForUpdate());
      await repo.setProviderOrder(order, actor.userId, now);
      await new AuditService(new AuditRepository(tx)).record(AI_POLICY_AUDIT.providerOrder, actor, {
        from: before,
        to: order,
      });
    });
    this.d.rules.invalidate();
    return order;
  }
}
