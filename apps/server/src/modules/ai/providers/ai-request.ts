import type { AiCallableProvider, AiCapability } from '@stratos/contracts/ai/providers.schema';
import type { ModelMessage } from 'ai';
import type { NewUsageRow } from './providers.repository';

/** One call through the router (ai-router.ts). */
export interface AiRequest {
  userId: string;
  /** A single user prompt, or the whole conversation in `messages`. */
  prompt?: string;
  messages?: ModelMessage[];
  system?: string;
  /** A model name; its provider goes first when it is available. */
  model?: string;
  /** A provider the user picked; it goes first, the chain follows if it fails. */
  provider?: string;
  temperature?: number;
  maxTokens?: number;
  /** What the call is for ('chat', 'analysis', ...): logged, and 'analysis' counts in scoring. */
  operation: string;
  /** Extra capabilities the caller knows the request needs (e.g. vision for images). */
  needs?: AiCapability[];
  /**
   * The caller wants a JSON object back: providers with a JSON mode (Ollama's `format: "json"`,
   * OpenAI's and Google's JSON responses) are asked for one; the others get the prompt alone, which
   * must ask for JSON too. Whole replies only.
   */
  json?: boolean;
  /**
   * The caller stores the answering call's usage row itself, with its own write (the chat stores it
   * in its exchange's statement: one statement per reply instead of two), taking it from the
   * result's `usageRow`. Failed attempts' rows and credit charges stay the router's.
   */
  deferUsage?: boolean;
  signal?: AbortSignal;
}

export interface AiUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface AttemptRecord {
  provider: AiCallableProvider;
  model: string;
  error: string;
}

export interface AiResult {
  text: string;
  provider: AiCallableProvider;
  model: string;
  usage: AiUsage;
  /** Dollars (part 2 section 9). */
  cost: number;
  responseTimeMs: number;
  /** Providers that failed before this one answered. */
  failed: AttemptRecord[];
  /** The answering call's usage row, not yet written: set when the request asked for `deferUsage`. */
  usageRow?: NewUsageRow;
}

export interface AiStream {
  provider: AiCallableProvider;
  model: string;
  /** The reply's text as it arrives (the first piece has already arrived when `stream` resolves). */
  textStream: AsyncIterable<string>;
  /** Settles when the stream ends: the whole reply and its usage, or the error that cut it short. */
  result: Promise<AiResult>;
  failed: AttemptRecord[];
}

export function toUsage(u: unknown): AiUsage {
  const usage = (u ?? {}) as { inputTokens?: number; outputTokens?: number; totalTokens?: number };
  const promptTokens = usage.inputTokens ?? 0;
  const completionTokens = usage.outputTokens ?? 0;
  return {
    promptTokens,
    completionTokens,
    totalTokens: usage.totalTokens ?? promptTokens + completionTokens,
  };
}

export function lastUserText(messages: ModelMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role !== 'user') continue;
    if (typeof m.content === 'string') return m.content;
    return m.content.map((p) => (p.type === 'text' ? p.text : '')).join(' ');
  }
  return '';
}
