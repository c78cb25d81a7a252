import { AI_CALLABLE_PROVIDERS, type AiCallableProvider } from '@stratos/contracts/ai/providers.schema';
import type { AiRequest } from './ai-request';
import { lastUserText } from './ai-request';
import type { GenerateSettings } from './direct-generate';
import { FALLBACK_CHAIN, OLLAMA_ANALYSIS_MODEL, providerDefinition } from './provider-catalog';
import type { Candidate } from './provider-registry';
import { attemptOrder, neededCapabilities } from './scoring';

/** Providers whose adapters turn a JSON response format into the provider's own JSON mode. */
const JSON_MODE_PROVIDERS: ReadonlySet<AiCallableProvider> = new Set(['ollama', 'openai', 'google']);

export const isCallable = (p: string): p is AiCallableProvider =>
  (AI_CALLABLE_PROVIDERS as readonly string[]).includes(p);

/** The provider a model name belongs to. */
export function providerOfModel(model: string): AiCallableProvider {
  const m = model.toLowerCase();
  if (/^(gpt-|o\d|chatgpt)/.test(m)) return 'openai';
  if (m.startsWith('claude')) return 'anthropic';
  if (m.startsWith('gemini')) return 'google';
  if (m.includes('/')) return 'huggingface';
  return 'ollama';
}

/**
 * The order in which to try the candidates: by score for what the request needs, then the chain
 * (the AI management page's provider order), with the provider the user picked (or the one their
 * model belongs to) first.
 */
export function chooseOrder(
  req: AiRequest,
  candidates: Candidate[],
  chain: readonly AiCallableProvider[] = FALLBACK_CHAIN,
): Candidate[] {
  const promptText = req.prompt ?? lastUserText(req.messages ?? []);
  const needs = [...new Set([...neededCapabilities(promptText, req.operation), ...(req.needs ?? [])])];
  let order = attemptOrder(candidates, promptText, needs, chain);
  const first = req.provider ?? (req.model ? providerOfModel(req.model) : undefined);
  if (first) {
    const picked = order.find((c) => c.id === first);
    if (picked) order = [picked, ...order.filter((c) => c !== picked)];
  }
  return order;
}

/** The model to ask of a candidate: the requested one when it is this provider's, else its default. */
export function modelFor(c: Candidate, req: AiRequest): string {
  if (req.model && (req.provider ? req.provider === c.id : providerOfModel(req.model) === c.id))
    return req.model;
  const def = providerDefinition(c.id);
  const wanted =
    c.id === 'ollama' && req.operation === 'analysis' ? OLLAMA_ANALYSIS_MODEL : (def.defaultModel ?? '');
  if (c.id === 'ollama' && c.availableModels.length > 0) {
    const has = (m: string) => c.availableModels.some((a) => a === m || a === `${m}:latest`);
    if (!has(wanted)) return c.availableModels[0] as string;
  }
  return wanted;
}

/** What one provider call sends; its output cap also bounds what the call may cost. */
export function callSettings(c: Candidate, req: AiRequest): GenerateSettings & { maxRetries: number } {
  const base = {
    temperature: req.temperature ?? 0.7,
    maxOutputTokens: req.maxTokens ?? (c.id === 'ollama' ? 2000 : 1000),
    maxRetries: 0,
    ...(req.json && JSON_MODE_PROVIDERS.has(c.id) ? { responseFormat: { type: 'json' as const } } : {}),
  };
  return req.messages?.length
    ? { ...base, system: req.system, messages: req.messages }
    : { ...base, system: req.system, prompt: req.prompt as string };
}
