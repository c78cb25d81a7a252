import { randomUUID } from 'node:crypto';
import {
  AI_CALLABLE_PROVIDERS,
  AI_MESSAGES,
  type AiCallableProvider,
  type AiCapability,
} from '@stratos/contracts/ai/providers.schema';
import { APICallError, type ModelMessage } from 'ai';
import { AppError, badRequest } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { languageModel } from './adapters';
import type { AiUsageService, Payer } from './ai-usage.service';
import { callCost, isPaidProvider } from './cost';
import { generateReply, type StreamPart, streamReply } from './direct-generate';
import { OLLAMA_ANALYSIS_MODEL, providerDefinition } from './provider-catalog';
import type { Candidate, ProviderRegistry } from './provider-registry';
import type { NewUsageRow } from './providers.repository';
import { attemptOrder, neededCapabilities } from './scoring';
import type { UserKeysService } from './user-keys.service';

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

/** Providers whose adapters turn a JSON response format into the provider's own JSON mode. */
const JSON_MODE_PROVIDERS: ReadonlySet<AiCallableProvider> = new Set(['ollama', 'openai', 'google']);

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
  /** Dollars (part 2 section 9 table). */
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

export interface RouterDeps {
  registry: ProviderRegistry;
  keys: Pick<UserKeysService, 'forRouting'>;
  usage: Pick<AiUsageService, 'admit' | 'record' | 'charge'>;
  clock: Clock;
  requestTimeoutMs: number;
  cooldownMs: number;
}

const isCallable = (p: string): p is AiCallableProvider =>
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

class AttemptError extends Error {
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

/**
 * Routes AI calls (part 2 section 9): the allowance first, then the available providers in score
 * order with the fallback chain behind, skipping sidelined ones; every attempt is logged with its
 * tokens, cost and time, and a prepaid account pays for paid providers with credits.
 */
export class AiRouter {
  constructor(private readonly d: RouterDeps) {}

  private now() {
    return this.d.clock.now().getTime();
  }

  private async plan(req: AiRequest): Promise<{ payer: Payer; order: Candidate[] }> {
    if (req.provider !== undefined && !isCallable(req.provider) && req.provider !== 'assistant') {
      throw badRequest(AI_MESSAGES.unknownProvider(req.provider), 'AI_UNKNOWN_PROVIDER');
    }
    if (!req.prompt && !req.messages?.length) throw badRequest('A prompt or messages are required');
    // Both reads at once (on PostgreSQL they overlap); a refused allowance still wins.
    const [payer, keys] = await Promise.all([
      this.d.usage.admit(req.userId),
      this.d.keys.forRouting(req.userId),
    ]);
    let candidates = await this.d.registry.candidates(req.userId, keys);
    if (payer.prepaid && payer.balance !== null && payer.balance <= 0) {
      const affordable = candidates.filter((c) => c.source === 'user' || !isPaidProvider(c.id));
      if (affordable.length === 0 && candidates.length > 0) {
        throw new AppError(402, 'INSUFFICIENT_CREDITS', 'Insufficient credits for a paid AI provider');
      }
      candidates = affordable;
    }
    if (candidates.length === 0) throw new AppError(503, 'AI_NO_PROVIDERS', AI_MESSAGES.noProviders);
    const promptText = req.prompt ?? lastUserText(req.messages ?? []);
    const needs = [...new Set([...neededCapabilities(promptText, req.operation), ...(req.needs ?? [])])];
    let order = attemptOrder(candidates, promptText, needs);
    const first = req.provider ?? (req.model ? providerOfModel(req.model) : undefined);
    if (first) {
      const picked = order.find((c) => c.id === first);
      if (picked) order = [picked, ...order.filter((c) => c !== picked)];
    }
    return { payer, order };
  }

  private modelFor(c: Candidate, req: AiRequest): string {
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

  private callSettings(c: Candidate, req: AiRequest) {
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

  /** Turns a provider failure into a message for the log and how long to skip the provider. */
  private classify(c: Candidate, err: unknown): AttemptError {
    if (err instanceof AttemptError) return err;
    const label = providerDefinition(c.id).label;
    if (APICallError.isInstance(err)) {
      const status = err.statusCode;
      const message =
        c.id === 'ollama'
          ? `Ollama API error: ${status ?? 'no status'} - ${(err.responseBody ?? err.message).slice(0, 200)}`
          : `${label} API error: ${status ?? ''} ${err.message}`.replace(/\s+/g, ' ').trim();
      if (status === 429) {
        const after = retryAfterMs(err.responseHeaders?.['retry-after'], this.now());
        return new AttemptError(message, after ?? this.d.cooldownMs);
      }
      // A request the provider refuses as malformed says nothing about its health.
      const transient =
        status === undefined || status >= 500 || status === 401 || status === 403 || status === 408;
      return new AttemptError(message, transient ? this.d.cooldownMs : null);
    }
    const e = err as Error;
    if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
      return new AttemptError(
        `${label} did not answer within ${this.d.requestTimeoutMs} ms`,
        this.d.cooldownMs,
      );
    }
    return new AttemptError(`${label} failed: ${e?.message ?? String(err)}`, this.d.cooldownMs);
  }

  private async fail(
    c: Candidate,
    model: string,
    req: AiRequest,
    startedMs: number,
    err: unknown,
    streamed: boolean,
  ) {
    const a = this.classify(c, err);
    if (a.sidelineMs !== null && a.sidelineMs > 0) this.d.registry.sideline(c.cooldownKey, a.sidelineMs);
    await this.d.usage.record({
      userId: req.userId,
      provider: c.id,
      model,
      operation: req.operation,
      responseTimeMs: Math.round(this.now() - startedMs),
      success: false,
      error: a.message,
      streamed,
      metadata: { keySource: c.source },
    });
    return { provider: c.id, model, error: a.message };
  }

  private async succeed(
    c: Candidate,
    model: string,
    req: AiRequest,
    payer: Payer,
    startedMs: number,
    usage: AiUsage,
    streamed: boolean,
  ): Promise<{ cost: number; responseTimeMs: number; usageRow?: NewUsageRow }> {
    const cost = callCost(c.id, model, usage.promptTokens, usage.completionTokens);
    const responseTimeMs = Math.round(this.now() - startedMs);
    const callId = randomUUID();
    const row: NewUsageRow = {
      userId: req.userId,
      provider: c.id,
      model,
      operation: req.operation,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      tokensUsed: usage.totalTokens,
      cost,
      responseTimeMs,
      success: true,
      streamed,
      metadata: { keySource: c.source, callId },
    };
    if (!req.deferUsage) await this.d.usage.record(row);
    // Users on their own key pay the provider themselves.
    if (c.source === 'platform') await this.d.usage.charge(payer, c.id, model, cost, callId);
    return { cost, responseTimeMs, ...(req.deferUsage ? { usageRow: row } : {}) };
  }

  private signalFor(req: AiRequest): {
    signal: AbortSignal;
    controller: AbortController;
    touch(): void;
    done(): void;
  } {
    const controller = new AbortController();
    const timeout = () => {
      const e = new Error('timed out');
      e.name = 'TimeoutError';
      controller.abort(e);
    };
    let timer = setTimeout(timeout, this.d.requestTimeoutMs);
    const onAbort = () => controller.abort(req.signal?.reason);
    req.signal?.addEventListener('abort', onAbort, { once: true });
    return {
      signal: controller.signal,
      controller,
      touch: () => {
        clearTimeout(timer);
        timer = setTimeout(timeout, this.d.requestTimeoutMs);
      },
      done: () => {
        clearTimeout(timer);
        req.signal?.removeEventListener('abort', onAbort);
      },
    };
  }

  /** One reply, whole. */
  async generate(req: AiRequest): Promise<AiResult> {
    const { payer, order } = await this.plan(req);
    const failed: AttemptRecord[] = [];
    for (const c of order) {
      if (req.signal?.aborted) throw req.signal.reason;
      const model = this.modelFor(c, req);
      const started = this.now();
      const s = this.signalFor(req);
      try {
        const out = await generateReply(
          languageModel(c.id, c.connection, model),
          this.callSettings(c, req),
          s.signal,
        );
        s.done();
        if (!out.text.trim()) {
          throw new AttemptError(
            c.id === 'ollama'
              ? 'Ollama returned empty response'
              : `${providerDefinition(c.id).label} returned an empty response`,
            null,
          );
        }
        const usage = toUsage(out.usage);
        const done = await this.succeed(c, model, req, payer, started, usage, false);
        return { text: out.text, provider: c.id, model, usage, failed, ...done };
      } catch (err) {
        s.done();
        if (req.signal?.aborted) throw req.signal.reason;
        failed.push(await this.fail(c, model, req, started, err, false));
      }
    }
    throw new AppError(503, 'AI_ALL_FAILED', AI_MESSAGES.allFailed, { attempts: failed });
  }

  /**
   * A streamed reply. Resolves once the first piece of text has arrived: a provider that fails
   * before that is logged and the next one tried, as `generate` does; a failure after it ends the
   * stream with that error.
   */
  async stream(req: AiRequest): Promise<AiStream> {
    const { payer, order } = await this.plan(req);
    const failed: AttemptRecord[] = [];
    for (const c of order) {
      if (req.signal?.aborted) throw req.signal.reason;
      const model = this.modelFor(c, req);
      const started = this.now();
      const s = this.signalFor(req);
      const parts = streamReply(
        languageModel(c.id, c.connection, model),
        this.callSettings(c, req),
        s.signal,
      );
      let first: string | null;
      try {
        first = await firstText(parts);
        if (first === null) {
          throw new AttemptError(
            c.id === 'ollama'
              ? 'Ollama returned empty response'
              : `${providerDefinition(c.id).label} returned an empty response`,
            null,
          );
        }
      } catch (err) {
        s.done();
        s.controller.abort();
        if (req.signal?.aborted) throw req.signal.reason;
        failed.push(await this.fail(c, model, req, started, err, true));
        continue;
      }
      s.touch();
      return this.relay({ c, model, req, payer, started, parts, first, s, failed });
    }
    throw new AppError(503, 'AI_ALL_FAILED', AI_MESSAGES.allFailed, { attempts: failed });
  }

  private relay(x: {
    c: Candidate;
    model: string;
    req: AiRequest;
    payer: Payer;
    started: number;
    parts: AsyncIterator<StreamPart>;
    first: string;
    s: ReturnType<AiRouter['signalFor']>;
    failed: AttemptRecord[];
  }): AiStream {
    let settle!: { resolve(r: AiResult): void; reject(e: unknown): void };
    const result = new Promise<AiResult>((resolve, reject) => {
      settle = { resolve, reject };
    });
    result.catch(() => {});
    const router = this;
    async function* text(): AsyncGenerator<string> {
      let all = x.first;
      let usage: AiUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
      let finished = false;
      let errored = false;
      const complete = async () => {
        const done = await router.succeed(x.c, x.model, x.req, x.payer, x.started, usage, true);
        settle.resolve({
          text: all,
          provider: x.c.id,
          model: x.model,
          usage,
          ...done,
          failed: x.failed,
        });
      };
      try {
        yield x.first;
        for (;;) {
          const next = await x.parts.next();
          if (next.done) break;
          const part = next.value;
          if (part.type === 'text-delta' && part.text) {
            x.s.touch();
            all += part.text;
            yield part.text;
          } else if (part.type === 'error') throw part.error;
          else if (part.type === 'finish') usage = toUsage(part.totalUsage);
        }
        finished = true;
      } catch (err) {
        errored = true;
        x.s.done();
        const a = await router.fail(x.c, x.model, x.req, x.started, err, true);
        settle.reject(new AppError(502, 'AI_STREAM_FAILED', a.error));
        throw err;
      } finally {
        x.s.done();
        if (!finished) x.s.controller.abort();
        // The reader stopped early (the browser went away): what was sent still counts as a query.
        if (!finished && !errored) await complete();
      }
      await complete();
    }
    return { provider: x.c.id, model: x.model, textStream: text(), result, failed: x.failed };
  }
}

/** Reads parts until the first non-empty text; throws the stream's error; null when it ended without text. */
async function firstText(parts: AsyncIterator<StreamPart>): Promise<string | null> {
  for (;;) {
    const next = await parts.next();
    if (next.done) return null;
    const p = next.value;
    if (p.type === 'error') throw p.error;
    if (p.type === 'abort') throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    if (p.type === 'text-delta' && p.text) return p.text;
  }
}

function toUsage(u: unknown): AiUsage {
  const usage = (u ?? {}) as { inputTokens?: number; outputTokens?: number; totalTokens?: number };
  const promptTokens = usage.inputTokens ?? 0;
  const completionTokens = usage.outputTokens ?? 0;
  return {
    promptTokens,
    completionTokens,
    totalTokens: usage.totalTokens ?? promptTokens + completionTokens,
  };
}

function lastUserText(messages: ModelMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role !== 'user') continue;
    if (typeof m.content === 'string') return m.content;
    return m.content.map((p) => (p.type === 'text' ? p.text : '')).join(' ');
  }
  return '';
}
