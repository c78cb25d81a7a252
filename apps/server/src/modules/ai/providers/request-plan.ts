import { AI_MESSAGES } from '@stratos/contracts/ai/providers.schema';
import { AppError, badRequest } from '../../../lib/app-error';
import type { CreditHoldsService } from '../../billing/credits/credit-holds.service';
import type { AiRequest } from './ai-request';
import type { AiUsageService } from './ai-usage.service';
import { RequestPayment } from './call-payment';
import { allowedAttempts, OPEN_RULES, type PlannedAttempt, type RoutingPolicy } from './plan-rules';
import { chooseOrder, isCallable } from './provider-choice';
import type { ProviderRegistry } from './provider-registry';
import type { UserKeysService } from './user-keys.service';

export interface PlanDeps {
  registry: Pick<ProviderRegistry, 'candidates'>;
  keys: Pick<UserKeysService, 'forRouting'>;
  usage: Pick<AiUsageService, 'admit'>;
  holds: Pick<CreditHoldsService, 'reserve' | 'settle' | 'release'>;
  /** The plans' model allow-lists and the provider order (AI management); none: no limits. */
  policy?: RoutingPolicy;
}

/** What a request will do before any provider is called: who pays, and which attempts in which order. */
export interface RequestPlan {
  pay: RequestPayment;
  order: PlannedAttempt[];
}

/**
 * Checks the request, the plan's monthly allowance and its model allow-list, then orders the
 * user's available providers by score and the configured provider order.
 */
export async function planRequest(d: PlanDeps, req: AiRequest): Promise<RequestPlan> {
  if (req.provider !== undefined && !isCallable(req.provider) && req.provider !== 'assistant') {
    throw badRequest(AI_MESSAGES.unknownProvider(req.provider), 'AI_UNKNOWN_PROVIDER');
  }
  if (!req.prompt && !req.messages?.length) throw badRequest('A prompt or messages are required');
  // Both reads at once (on PostgreSQL they overlap); a refused allowance still wins.
  const [payer, keys] = await Promise.all([d.usage.admit(req.userId), d.keys.forRouting(req.userId)]);
  const [rules, candidates] = await Promise.all([
    d.policy ? d.policy.rules(payer.planId) : OPEN_RULES,
    d.registry.candidates(req.userId, keys),
  ]);
  const order = allowedAttempts(
    chooseOrder(req, candidates, rules.providerOrder),
    req,
    rules,
    payer.unrestricted,
  );
  if (order.length === 0) throw new AppError(503, 'AI_NO_PROVIDERS', AI_MESSAGES.noProviders);
  return { pay: new RequestPayment(d.holds, payer, req), order };
}
