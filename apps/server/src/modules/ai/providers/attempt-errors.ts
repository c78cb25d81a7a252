import type { AiCallableProvider } from '@stratos/contracts/ai/providers.schema';
import { providerDefinition } from './provider-catalog';

/** A failed attempt: the message logged for it, and how long to skip its provider (null: not at all). */
export class AttemptError extends Error {
  constructor(
    message: string,
    readonly sidelineMs: number | null,
  ) {
    super(message);
  }
}

/** Seconds or an HTTP date, as Retry-After may say; null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, nowMs: number): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** A reply with no text: the provider is not sidelined for it. */
export function emptyReply(provider: AiCallableProvider): AttemptError {
  return new AttemptError(
    provider === 'ollama'
      ? 'Ollama returned empty response'
      : `${providerDefinition(provider).label} returned an empty response`,
    null,
  );
}

/**
 * Turns a provider failure into a message for the log and how long to skip the provider. Async
 * because the AI SDK, whose error type it recognises, is loaded on first use, not at start.
 */
export async function classifyFailure(
  provider: AiCallableProvider,
  err: unknown,
  o: { nowMs: number; cooldownMs: number; requestTimeoutMs: number },
): Promise<AttemptError> {
  if (err instanceof AttemptError) return err;
  const label = providerDefinition(provider).label;
  const { APICallError } = await import('ai');
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    const message =
      provider === 'ollama'
        ? `Ollama API error: ${status ?? 'no status'} - ${(err.responseBody ?? err.message).slice(0, 200)}`
        : `${label} API error: ${status ?? ''} ${err.message}`.replace(/\s+/g, ' ').trim();
    if (status === 429) {
      const after = retryAfterMs(err.responseHeaders?.['retry-after'], o.nowMs);
      return new AttemptError(message, after ?? o.cooldownMs);
    }
    // A request the provider refuses as malformed says nothing about its health.
    const transient =
      status === undefined || status >= 500 || status === 401 || status === 403 || status === 408;
    return new AttemptError(message, transient ? o.cooldownMs : null);
  }
  const e = err as Error;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
    return new AttemptError(`${label} did not answer within ${o.requestTimeoutMs} ms`, o.cooldownMs);
  }
  return new AttemptError(`${label} failed: ${e?.message ?? String(err)}`, o.cooldownMs);
}
