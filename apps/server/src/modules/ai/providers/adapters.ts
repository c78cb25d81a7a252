import type {
  AiCallableProvider,
  AiProviderId,
  AiProviderStatus,
} from '@stratos/contracts/ai/providers.schema';
import type { LanguageModel } from 'ai';
import { providerDefinition } from './provider-catalog';

/** Where and how to reach one provider for one call: the effective endpoint and key. */
export interface Connection {
  baseUrl: string | null;
  apiKey?: string;
}

export interface CheckResult {
  status: Exclude<AiProviderStatus, 'unknown'>;
  responseTimeMs: number;
  availableModels: string[];
  error: string | null;
}

const trim = (u: string) => u.replace(/\/+$/, '');

/**
 * Every request to a provider refuses redirects. A provider's API has no reason to redirect a call,
 * and following one would carry the request (and its key) to wherever the redirect points,
 * including private addresses the base-URL rule refuses. It is also cheaper: undici copies each
 * request (teeing its body) before a fetch that may follow a redirect; a window-less request that
 * errors on redirects is sent as it is.
 */
export const providerFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, redirect: 'error', window: null });

/** Models built so far, by provider, endpoint, key and model name; cleared whole when it grows past MAX_MODELS. */
const models = new Map<string, Promise<LanguageModel>>();
const MAX_MODELS = 1000;

/**
 * The AI SDK model for a provider; OpenAI goes through chat completions, the wire every stand-in
 * speaks. A model is a stateless description of where and how to call (endpoint, key, headers), so
 * one is built per (provider, endpoint, key, model) and reused by every call, rather than a
 * provider factory and its model per call. A provider's SDK is loaded with its first model, not at
 * start (together they are a few MB of modules a start does not need).
 */
export function languageModel(
  id: AiCallableProvider,
  conn: Connection,
  modelId: string,
): Promise<LanguageModel> {
  const key = `${id}\u0000${conn.baseUrl ?? ''}\u0000${conn.apiKey ?? ''}\u0000${modelId}`;
  let model = models.get(key);
  if (!model) {
    if (models.size >= MAX_MODELS) models.clear();
    model = buildModel(id, conn, modelId);
    // A failed load is not kept: the next call tries again.
    model.catch(() => models.delete(key));
    models.set(key, model);
  }
  return model;
}

async function buildModel(id: AiCallableProvider, conn: Connection, modelId: string): Promise<LanguageModel> {
  const baseURL = conn.baseUrl ? trim(conn.baseUrl) : undefined;
  switch (id) {
    case 'ollama': {
      const { createOllama } = await import('ollama-ai-provider-v2');
      return createOllama({ baseURL: `${baseURL ?? 'http://127.0.0.1:11434'}/api`, fetch: providerFetch })(
        modelId,
      );
    }
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ apiKey: conn.apiKey, baseURL, fetch: providerFetch }).chat(modelId);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey: conn.apiKey, baseURL, fetch: providerFetch })(modelId);
    }
    case 'google': {
      const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
      return createGoogleGenerativeAI({ apiKey: conn.apiKey, baseURL, fetch: providerFetch })(modelId);
    }
    case 'huggingface': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({
        name: 'huggingface',
        apiKey: conn.apiKey,
        baseURL: baseURL ?? 'https://router.huggingface.co/v1',
        fetch: providerFetch,
      }).chatModel(modelId);
    }
  }
}

interface Probe {
  url: string;
  headers: Record<string, string>;
  /** Reads the model names out of a 200 reply. */
  models(body: unknown): string[];
  /** Statuses besides 2xx that still mean "reachable and the key is accepted". */
  alsoOk?: number[];
}

const names = (list: unknown, field: 'name' | 'id'): string[] =>
  Array.isArray(list)
    ? list.flatMap((m) =>
        m && typeof (m as Record<string, unknown>)[field] === 'string'
          ? [String((m as Record<string, unknown>)[field])]
          : [],
      )
    : [];

/** The check call of each provider (part 2 section 7). */
function probe(id: AiCallableProvider, conn: Connection): Probe {
  const base = trim(conn.baseUrl ?? '');
  const key = conn.apiKey ?? '';
  switch (id) {
    case 'ollama':
      return {
        url: `${base}/api/tags`,
        headers: {},
        models: (b) => names((b as { models?: unknown })?.models, 'name'),
      };
    case 'openai':
    case 'huggingface':
      return {
        url: `${base}/models`,
        headers: { authorization: `Bearer ${key}` },
        models: (b) => names((b as { data?: unknown })?.data, 'id'),
      };
    case 'anthropic':
      return {
        url: `${base}/models`,
        headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
        models: (b) => names((b as { data?: unknown })?.data, 'id'),
        // Part 2 section 5: Anthropic is also treated as available on an HTTP 400 reply.
        alsoOk: [400],
      };
    case 'google':
      return {
        url: `${base}/models`,
        headers: { 'x-goog-api-key': key },
        models: (b) =>
          names((b as { models?: unknown })?.models, 'name').map((n) => n.replace(/^models\//, '')),
      };
  }
}

/**
 * Checks one provider: unavailable without a key or when it cannot be reached in time, error when
 * it answers but refuses, available when it answers.
 */
export async function checkProvider(
  id: AiProviderId,
  conn: Connection,
  timeoutMs: number,
  fetchFn: typeof fetch = providerFetch,
): Promise<CheckResult> {
  const def = providerDefinition(id);
  const none = (status: CheckResult['status'], error: string): CheckResult => ({
    status,
    responseTimeMs: 0,
    availableModels: [],
    error,
  });
  if (id === 'assistant') return none('unavailable', 'The assistant service is not available');
  if (def.needsKey && !conn.apiKey) return none('unavailable', `${def.label} API key not configured`);
  if (!conn.baseUrl) return none('unavailable', `${def.label} has no endpoint configured`);
  const p = probe(id, conn);
  const started = performance.now();
  try {
    const res = await fetchFn(p.url, { headers: p.headers, signal: AbortSignal.timeout(timeoutMs) });
    const responseTimeMs = Math.round(performance.now() - started);
    if (res.ok) {
      const body = await res.json().catch(() => null);
      return { status: 'available', responseTimeMs, availableModels: p.models(body), error: null };
    }
    const text = await res.text().catch(() => '');
    if (p.alsoOk?.includes(res.status))
      return { status: 'available', responseTimeMs, availableModels: [], error: null };
    const error =
      id === 'ollama'
        ? `Ollama API error: ${res.status} - ${text.slice(0, 200)}`
        : `${def.label} API error: ${res.statusText || res.status}`;
    return { status: 'error', responseTimeMs, availableModels: [], error };
  } catch (err) {
    const responseTimeMs = Math.round(performance.now() - started);
    const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
    return {
      status: 'unavailable',
      responseTimeMs,
      availableModels: [],
      error: timedOut
        ? `${def.label} did not answer within ${timeoutMs} ms`
        : `${def.label} could not be reached`,
    };
  }
}
