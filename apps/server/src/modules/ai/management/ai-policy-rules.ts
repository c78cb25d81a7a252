import { AI_CALLABLE_PROVIDERS, type AiCallableProvider } from '@stratos/contracts/ai/callable-providers';
import { DEFAULT_PROVIDER_ORDER } from '@stratos/contracts/ai/management.schema';
import type { Clock } from '../../../lib/clock';
import type { RoutingPolicy, RoutingRules } from '../providers/plan-rules';
import type { AiPolicyRepository } from './ai-policy.repository';

/** Policies are re-read at most this often, so a change made on another node applies within it. */
export const POLICY_TTL_MS = 5000;

interface Snapshot {
  at: number;
  plans: Map<string, { name: string; allowedModels: string[] | null }>;
  order: AiCallableProvider[];
}

/** A stored order, kept to the callable providers; any it misses follow in the default order. */
export function effectiveOrder(stored: readonly string[] | null): AiCallableProvider[] {
  const known = (stored ?? []).filter((p): p is AiCallableProvider =>
    (AI_CALLABLE_PROVIDERS as readonly string[]).includes(p),
  );
  return [...new Set([...known, ...DEFAULT_PROVIDER_ORDER])];
}

/**
 * The router's view of the AI management settings: both small tables read in one go and kept for
 * POLICY_TTL_MS (every AI call asks), dropped at once when this process changes them.
 */
export class AiPolicyRules implements RoutingPolicy {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  /** Bumped by each change here: a read begun before it does not keep the old settings. */
  private generation = 0;

  constructor(
    private readonly repo: Pick<AiPolicyRepository, 'planRules' | 'providerOrder'>,
    private readonly clock: Clock,
  ) {}

  invalidate(): void {
    this.snapshot = null;
    this.loading = null;
    this.generation++;
  }

  private async load(): Promise<Snapshot> {
    const now = this.clock.now().getTime();
    if (this.snapshot && now - this.snapshot.at < POLICY_TTL_MS) return this.snapshot;
    // Concurrent calls share one read.
    const generation = this.generation;
    this.loading ??= (async () => {
      try {
        const [rows, order] = await Promise.all([this.repo.planRules(), this.repo.providerOrder()]);
        const snap: Snapshot = {
          at: now,
          plans: new Map(rows.map((r) => [r.planId, { name: r.name, allowedModels: r.allowedModels }])),
          order: effectiveOrder(order),
        };
        if (generation === this.generation) this.snapshot = snap;
        return snap;
      } finally {
        if (generation === this.generation) this.loading = null;
      }
    })();
    return this.loading;
  }

  /** The provider order the router follows (the stored one, then the rest by default). */
  async providerOrder(): Promise<readonly AiCallableProvider[]> {
    return (await this.load()).order;
  }

  async rules(planId: string): Promise<RoutingRules> {
    const s = await this.load();
    const plan = s.plans.get(planId);
    return {
      planName: plan?.name ?? planId,
      allowedModels: plan?.allowedModels ?? null,
      providerOrder: s.order,
    };
  }
}
