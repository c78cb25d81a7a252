import { AI_CALLABLE_PROVIDERS, type AiProviderRecord } from '@stratos/contracts/ai/providers.schema';
import type {
  WorkbenchOptions,
  WorkbenchResult,
  WorkbenchRunBody,
} from '@stratos/contracts/ai/workbench.schema';
import { notFound } from '../../../lib/app-error';
import type { AiRouter } from '../providers/ai-router';
import type { AiUsageService } from '../providers/ai-usage.service';
import { modelAllowed, type RoutingPolicy, sameModelName } from '../providers/plan-rules';
import type { ProvidersService } from '../providers/providers.service';

export interface WorkbenchDeps {
  router: Pick<AiRouter, 'stream'>;
  providers: Pick<ProvidersService, 'list'>;
  usage: Pick<AiUsageService, 'standing'>;
  policy: RoutingPolicy;
  /** Milliseconds, monotonic (tests may pass their own). */
  now?: () => number;
}

export interface WorkbenchHandlers {
  start(e: { provider: WorkbenchResult['provider']; model: string }): void;
  token(text: string): void;
}

const callable = (p: AiProviderRecord) => (AI_CALLABLE_PROVIDERS as readonly string[]).includes(p.id);

/** Why a provider cannot be picked now, in the chat selector's words; null when it can. */
function unavailableReason(p: AiProviderRecord): string | null {
  if (!p.enabled) return 'Turned off by the administrator';
  if (p.keySource === 'none') return 'No credentials configured';
  if (p.cooldownUntil) return 'Resting after errors; try again shortly';
  if (p.status !== 'available') return p.error ?? 'Not connected';
  return null;
}

/**
 * The prompt playground: the providers and models the user's plan allows, and a run through the
 * router (charged, logged and limited like any call: operation 'workbench') with its first-token
 * time and latency measured here.
 */
export class WorkbenchService {
  private readonly now: () => number;

  constructor(private readonly d: WorkbenchDeps) {
    this.now = d.now ?? (() => performance.now());
  }

  async options(userId: string): Promise<WorkbenchOptions> {
    const standing = await this.d.usage.standing(userId);
    if (!standing) throw notFound('User not found');
    const [records, rules] = await Promise.all([
      this.d.providers.list(userId),
      this.d.policy.rules(standing.planId),
    ]);
    const allowed = standing.unrestricted ? null : rules.allowedModels;
    const providers = records.filter(callable).map((p) => {
      const seen = new Set<string>();
      const models: string[] = [];
      for (const m of [...p.models, ...p.availableModels]) {
        const name = m.replace(/:latest$/, '');
        if (seen.has(sameModelName(name)) || !modelAllowed(allowed, name)) continue;
        seen.add(sameModelName(name));
        models.push(name);
      }
      const reason = models.length === 0 ? 'No model of this provider is on your plan' : unavailableReason(p);
      const defaultModel =
        p.defaultModel && models.includes(p.defaultModel) ? p.defaultModel : (models[0] ?? null);
      return {
        id: p.id as WorkbenchResult['provider'],
        name: p.name,
        available: reason === null,
        reason,
        models,
        defaultModel,
      };
    });
    // The provider order the router uses, so the first offered is the first it would try.
    const rank = (id: string) => rules.providerOrder.indexOf(id as never);
    providers.sort((a, b) => rank(a.id) - rank(b.id));
    return { planId: standing.planId, providers, allowedModels: allowed ? [...allowed] : null };
  }

  async run(
    userId: string,
    body: WorkbenchRunBody,
    on: WorkbenchHandlers,
    signal: AbortSignal,
  ): Promise<WorkbenchResult> {
    const started = this.now();
    const stream = await this.d.router.stream({
      userId,
      prompt: body.prompt,
      system: body.system || undefined,
      provider: body.provider,
      model: body.model,
      temperature: body.temperature ?? 0.7,
      maxTokens: body.maxTokens ?? 512,
      operation: 'workbench',
      signal,
    });
    const firstTokenMs = Math.round(this.now() - started);
    on.start({ provider: stream.provider, model: stream.model });
    try {
      for await (const text of stream.textStream) on.token(text);
    } catch (err) {
      // The relay settles the result with the error users should read (the provider's, as an AppError).
      throw await stream.result.then(
        () => err,
        (e: unknown) => e,
      );
    }
    const r = await stream.result;
    return {
      provider: r.provider,
      model: r.model,
      text: r.text,
      promptTokens: r.usage.promptTokens,
      completionTokens: r.usage.completionTokens,
      totalTokens: r.usage.totalTokens,
      cost: r.cost,
      firstTokenMs,
      latencyMs: Math.round(this.now() - started),
      failed: r.failed,
    };
  }
}
