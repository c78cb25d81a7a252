import { AI_POLICY_MESSAGES, DEFAULT_PROVIDER_ORDER } from '@stratos/contracts/ai/management.schema';
import type { AiCallableProvider } from '@stratos/contracts/ai/providers.schema';
import { AppError } from '../../../lib/app-error';
import type { AiRequest } from './ai-request';
import { providerDefinition } from './provider-catalog';
import { modelFor } from './provider-choice';
import type { Candidate } from './provider-registry';

/** What the AI management page set for a plan, as the router applies it. */
export interface RoutingRules {
  planName: string;
  /** Models the plan may use; null = every model. */
  allowedModels: readonly string[] | null;
  /** The fallback chain (and the tie-break between equal scores). */
  providerOrder: readonly AiCallableProvider[];
}

/** Where the router reads those rules (ai/management's policy rules, cached there). */
export interface RoutingPolicy {
  rules(planId: string): Promise<RoutingRules>;
}

/** No policy stored: every model, the chain of part 2 section 9. */
export const OPEN_RULES: RoutingRules = {
  planName: '',
  allowedModels: null,
  providerOrder: DEFAULT_PROVIDER_ORDER,
};

/** Ollama answers 'llama3.2' as 'llama3.2:latest': both name one model. */
export const sameModelName = (m: string) => m.replace(/:latest$/, '').toLowerCase();

export function modelAllowed(allowed: readonly string[] | null, model: string): boolean {
  if (allowed === null) return true;
  const want = sameModelName(model);
  return allowed.some((a) => sameModelName(a) === want);
}

/** One attempt the router will make: a provider and the model to ask of it. */
export interface PlannedAttempt {
  c: Candidate;
  model: string;
}

/**
 * The attempts a plan allows, in order: a model the caller named and the plan does not allow is
 * refused (403); a provider whose usual model is not allowed is asked for the first allowed model
 * it has, and left out when it has none. `exempt` (the superadmin) skips the list.
 */
export function allowedAttempts(
  order: Candidate[],
  req: AiRequest,
  rules: RoutingRules,
  exempt: boolean,
): PlannedAttempt[] {
  const allowed = exempt ? null : rules.allowedModels;
  if (req.model && !modelAllowed(allowed, req.model)) {
    throw new AppError(
      403,
      'AI_MODEL_NOT_ALLOWED',
      AI_POLICY_MESSAGES.modelNotAllowed(req.model, rules.planName),
      {
        model: req.model,
        allowedModels: allowed,
      },
    );
  }
  const out: PlannedAttempt[] = [];
  for (const c of order) {
    const usual = modelFor(c, req);
    if (modelAllowed(allowed, usual)) {
      out.push({ c, model: usual });
      continue;
    }
    const known = [...providerDefinition(c.id).models, ...c.availableModels];
    const alt = known.find((m) => modelAllowed(allowed, m));
    if (alt) out.push({ c, model: alt });
  }
  if (out.length === 0 && order.length > 0) {
    throw new AppError(403, 'AI_NO_MODEL_ALLOWED', AI_POLICY_MESSAGES.noModelAllowed(rules.planName), {
      allowedModels: allowed,
    });
  }
  return out;
}
