import type { AiCallableProvider } from '@stratos/contracts/ai/providers.schema';

/** The providers' display names (as the provider selector shows them). */
export const PROVIDER_LABELS: Record<AiCallableProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic Claude',
  ollama: 'Ollama (local)',
  huggingface: 'Hugging Face',
  google: 'Google Gemini',
};

/** Moves the item at `from` one place up (-1) or down (+1); the same list when it cannot move. */
export function moveItem<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to] as T, next[from] as T];
  return next;
}
