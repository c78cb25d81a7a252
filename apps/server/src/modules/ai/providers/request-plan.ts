import { AI_MESSAGES } from '@stratos/contracts/ai/providers.schema';
import { AppError, badRequest } from '../../../lib/app-error';
import type { CreditHoldsService } from '../../billing/credits/credit-holds.service';
import type { AiRequest } from './ai-request';
import type { AiUsageService } from './ai-usage.service';
import { RequestPayment } from './call-payment';
import { chooseOrder, isCallable } from './provider-choice';
import type { Candidate, ProviderRegistry } from './provider-registry';
import type { UserKeysService } from './user-keys.service';

export interface PlanDeps {
  registry: Pick<ProviderRegistry, 'candidates'>;
  keys: Pick<UserKeysService, 'forRouting'>;
  usage: Pick<AiUsageService, 'admit'>;
  holds: Pick<CreditHoldsService, 'reserve' | 'settle' | 'release'>;
}

/** What a request will do before any provider is called: who pays, and which providers in which order. */
export interface RequestPlan {
  pay: RequestPayment;
  order: Candidate[];
}

/** Checks the request and the allowance, then orders the user's available providers. */
export async function planRequest(d: PlanDeps, req: AiRequest): Promise<RequestPlan> {
  if (req.provider !== undefined && !isCallable(req.provider) && req.provider !== 'assistant') {
    throw badRequest(AI_MESSAGES.unknownProvider(req.provider), 'AI_UNKNOWN_PROVIDER');
  }
  if (!req.prompt && !req.messages?.length) throw badRequest('A prompt or messages are required');
  // Both reads at once (on PostgreSQL they overlap); a refused allowance still wins.
  const [payer, keys] = await Promise.all([d.usage.admit(req.userId), d.keys.forRouting(req.userId)]);
  const candidates = await d.registry.candidates(req.userId, keys);
  if (candidates.length === 0) throw new AppError(503, 'AI_NO_PROVIDERS', AI_MESSAGES.noProviders);
  return { pay: new RequestPayment(d.holds, payer, req), order: chooseOrder(req, candidates) };
}
