import type { AiCallableProvider } from '@stratos/contracts/ai/providers.schema';

interface Rate {
  input: number;
  output: number;
}

/** Dollars per token (part 2 section 9). Checked in order: the first pattern the model name contains wins. */
const RATES: { provider: AiCallableProvider; match: string; rate: Rate }[] = [
  // Embedding models (OpenAI's list prices; they read input only).
  { provider: 'openai', match: 'text-embedding-3-small', rate: { input: 0.00000002, output: 0 } },
  { provider: 'openai', match: 'text-embedding-3-large', rate: { input: 0.00000013, output: 0 } },
  { provider: 'openai', match: 'text-embedding-ada-002', rate: { input: 0.0000001, output: 0 } },
  { provider: 'openai', match: 'gpt-4-turbo', rate: { input: 0.00001, output: 0.00001 } },
  { provider: 'openai', match: 'gpt-4', rate: { input: 0.00003, output: 0.00003 } },
  { provider: 'openai', match: 'gpt-3.5', rate: { input: 0.000002, output: 0.000002 } },
  { provider: 'anthropic', match: 'haiku', rate: { input: 0.00000025, output: 0.00000125 } },
  { provider: 'anthropic', match: 'sonnet', rate: { input: 0.000003, output: 0.000015 } },
  { provider: 'anthropic', match: 'opus', rate: { input: 0.000015, output: 0.000075 } },
  { provider: 'google', match: 'vision', rate: { input: 0.000002, output: 0.000002 } },
  { provider: 'google', match: 'gemini-pro', rate: { input: 0.0000005, output: 0.0000005 } },
];

/** A model of a paid provider missing from the table is priced as that provider's default model. */
const PROVIDER_DEFAULT: Partial<Record<AiCallableProvider, string>> = {
  openai: 'gpt-3.5',
  anthropic: 'haiku',
  google: 'gemini-pro',
};

/** The local model and Hugging Face are free. */
export const isPaidProvider = (provider: AiCallableProvider): boolean =>
  Object.hasOwn(PROVIDER_DEFAULT, provider);

export function rateFor(provider: AiCallableProvider, model: string): Rate | null {
  if (!isPaidProvider(provider)) return null;
  const m = model.toLowerCase();
  const hit =
    RATES.find((r) => r.provider === provider && m.includes(r.match)) ??
    RATES.find((r) => r.provider === provider && r.match === PROVIDER_DEFAULT[provider]);
  return hit?.rate ?? null;
}

/** Dollars one call cost, rounded to a billionth. */
export function callCost(
  provider: AiCallableProvider,
  model: string,
  promptTokens: number,
  completionTokens: number,
): number {
  const rate = rateFor(provider, model);
  if (!rate) return 0;
  return Math.round((promptTokens * rate.input + completionTokens * rate.output) * 1e9) / 1e9;
}

/**
 * Millionths of a credit ($1 = 1 credit) a cost in dollars comes to; a fraction of a millionth
 * still costs one. Computed from whole billionths, so float noise never adds a millionth.
 */
export function creditMicros(dollars: number): number {
  return Math.ceil(Math.round(dollars * 1e9) / 1000);
}

/** The most a call may cost, in millionths of a credit: at most `promptTokens` in, `maxOutputTokens` out. */
export function maxCallMicros(
  provider: AiCallableProvider,
  model: string,
  promptTokens: number,
  maxOutputTokens: number,
): number {
  return creditMicros(callCost(provider, model, promptTokens, maxOutputTokens));
}
