import type { AiCallableProvider, AiCapability } from '@stratos/contracts/ai/providers.schema';
import { FALLBACK_CHAIN, PROVIDERS } from './provider-catalog';

export type Complexity = 'low' | 'medium' | 'high';

/** Part 2 section 9: over 1000 characters is high, under 100 is low. */
export function promptComplexity(prompt: string): Complexity {
  if (prompt.length > 1000) return 'high';
  if (prompt.length < 100) return 'low';
  return 'medium';
}

const CODE_HINTS =
  /```|\b(code|function|class|bug|debug|compile|stack ?trace|typescript|javascript|python|java|sql|regex|refactor|api)\b|[{};]\s*$/im;

/** What a request needs: analysis from the operation, vision from attached images, code from the prompt. */
export function neededCapabilities(prompt: string, operation: string, hasImages = false): AiCapability[] {
  const needs: AiCapability[] = [];
  if (CODE_HINTS.test(prompt)) needs.push('code');
  if (hasImages) needs.push('vision');
  if (operation === 'analysis' || operation.startsWith('analy')) needs.push('analysis');
  return needs;
}

export interface ScoreInput {
  provider: AiCallableProvider;
  lastResponseTime: number | null;
  needs: readonly AiCapability[];
  complexity: Complexity;
}

/**
 * Part 2 section 9: base 1; code +3, vision +3, analysis +2 when the provider has what the request
 * needs; last response under 2000 ms +1; the local model on a low-complexity prompt +1; OpenAI on
 * a high-complexity prompt +2; Anthropic on analysis +2.
 */
export function scoreProvider(input: ScoreInput): number {
  const caps = PROVIDERS.find((p) => p.id === input.provider)?.capabilities ?? [];
  let score = 1;
  if (input.needs.includes('code') && caps.includes('code')) score += 3;
  if (input.needs.includes('vision') && caps.includes('vision')) score += 3;
  if (input.needs.includes('analysis') && caps.includes('analysis')) score += 2;
  if (input.lastResponseTime !== null && input.lastResponseTime < 2000) score += 1;
  if (input.provider === 'ollama' && input.complexity === 'low') score += 1;
  if (input.provider === 'openai' && input.complexity === 'high') score += 2;
  if (input.provider === 'anthropic' && input.needs.includes('analysis')) score += 2;
  return score;
}

const chainIndex = (chain: readonly AiCallableProvider[], id: AiCallableProvider) => {
  const i = chain.indexOf(id);
  return i === -1 ? chain.length : i;
};

/**
 * The order in which to try providers: the best-scoring one first (ties go to the earlier one in
 * the chain), then the rest in fallback-chain order (by default openai, anthropic, ollama,
 * huggingface, then any other; the AI management page can reorder it).
 */
export function attemptOrder<T extends { id: AiCallableProvider; lastResponseTime: number | null }>(
  candidates: readonly T[],
  prompt: string,
  needs: readonly AiCapability[],
  chain: readonly AiCallableProvider[] = FALLBACK_CHAIN,
): T[] {
  if (candidates.length === 0) return [];
  const complexity = promptComplexity(prompt);
  const byChain = [...candidates].sort((a, b) => chainIndex(chain, a.id) - chainIndex(chain, b.id));
  let best = byChain[0] as T;
  let bestScore = -1;
  for (const c of byChain) {
    const s = scoreProvider({ provider: c.id, lastResponseTime: c.lastResponseTime, needs, complexity });
    if (s > bestScore) {
      best = c;
      bestScore = s;
    }
  }
  return [best, ...byChain.filter((c) => c !== best)];
}
