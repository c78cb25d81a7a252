import type { AppContext } from '../../../app-context';
import { creditHoldsServiceFor } from '../../billing/credits/credits-services';
import { AiManagementService } from '../management/ai-management.service';
import { AiPolicyRepository } from '../management/ai-policy.repository';
import { AiPolicyRules } from '../management/ai-policy-rules';
import { AiRouter } from './ai-router';
import { AiUsageService } from './ai-usage.service';
import { ProviderRegistry } from './provider-registry';
import { AiProvidersRepository } from './providers.repository';
import { ProvidersService } from './providers.service';
import { KeyOpener, SecretBox } from './secret-box';
import { UserKeysService } from './user-keys.service';

export interface AiServices {
  registry: ProviderRegistry;
  providers: ProvidersService;
  keys: UserKeysService;
  usage: AiUsageService;
  router: AiRouter;
  repo: AiProvidersRepository;
  /** Plans' allowed models and the provider order, as the router reads them (cached). */
  policy: AiPolicyRules;
  management: AiManagementService;
}

const built = new WeakMap<AppContext, AiServices>();

/** One provider layer per app, shared by the routes, the health job and (later) chat and analysis. */
export function aiServicesFor(ctx: AppContext): AiServices {
  const existing = built.get(ctx);
  if (existing) return existing;
  const db = ctx.database.db;
  const repo = new AiProvidersRepository(db);
  const box = new SecretBox(ctx.secrets.encryptionKey);
  const opener = new KeyOpener(box, ctx.log);
  const registry = new ProviderRegistry({
    repo,
    opener,
    config: ctx.config.ai,
    clock: ctx.clock,
    log: ctx.log,
  });
  const keys = new UserKeysService({ repo, registry, box, opener, clock: ctx.clock });
  const usage = new AiUsageService({
    repo,
    clock: ctx.clock,
    log: ctx.log,
    superadminEmail: ctx.config.superadminEmail,
  });
  const policy = new AiPolicyRules(new AiPolicyRepository(db), ctx.clock);
  const services: AiServices = {
    registry,
    providers: new ProvidersService({
      registry,
      keys,
      repo,
      box,
      opener,
      ollamaUrl: ctx.config.ai.ollamaUrl,
      providerOrder: () => policy.providerOrder(),
    }),
    keys,
    usage,
    router: new AiRouter({
      registry,
      keys,
      usage,
      holds: creditHoldsServiceFor(ctx),
      clock: ctx.clock,
      requestTimeoutMs: ctx.config.ai.requestTimeoutMs,
      cooldownMs: ctx.config.ai.cooldownMs,
      metrics: ctx.metrics,
      policy,
    }),
    repo,
    policy,
    management: new AiManagementService({ db, rules: policy, registry, usage, clock: ctx.clock }),
  };
  built.set(ctx, services);
  return services;
}
