import { randomUUID } from 'node:crypto';
import { AI_MESSAGES } from '@stratos/contracts/ai/providers.schema';
import { AppError, badRequest } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Metrics } from '../../../plugins/metrics/metrics';
import type { CreditHoldsService } from '../../billing/credits/credit-holds.service';
import { languageModel } from './adapters';
import type { AiRequest, AiResult, AiStream, AiUsage, AttemptRecord } from './ai-request';
import { toUsage } from './ai-request';
import type { AiUsageService, Payer } from './ai-usage.service';
import { AttemptError, classifyFailure, emptyReply } from './attempt-errors';
import { type AttemptHold, RequestPayment, UNAFFORDABLE } from './call-payment';
import { callCost } from './cost';
import { generateReply, type StreamPart, streamReply } from './direct-generate';
import { callSettings, chooseOrder, isCallable, modelFor } from './provider-choice';
import type { Candidate, ProviderRegistry } from './provider-registry';
import type { NewUsageRow } from './providers.repository';
import { relayStream } from './stream-relay';
import type { UserKeysService } from './user-keys.service';

export type { AiRequest, AiResult, AiStream, AiUsage, AttemptRecord } from './ai-request';
export { retryAfterMs } from './attempt-errors';
export { providerOfModel } from './provider-choice';

export interface RouterDeps {
  registry: ProviderRegistry;
  keys: Pick<UserKeysService, 'forRouting'>;
  usage: Pick<AiUsageService, 'admit' | 'record'>;
  /** Prepaid accounts' credits, held before a paid call and settled after it. */
  holds: Pick<CreditHoldsService, 'reserve' | 'settle' | 'release'>;
  clock: Clock;
  requestTimeoutMs: number;
  cooldownMs: number;
  /** Counts each attempt and its cost (Prometheus). */
  metrics?: Pick<Metrics, 'aiCall'>;
}

/** One attempt in progress: its provider, model, call id, start and credit hold. */
export interface Attempt {
  c: Candidate;
  model: string;
  callId: string;
  started: number;
  hold: AttemptHold | null;
}

interface Plan {
  pay: RequestPayment;
  order: Candidate[];
}

/**
 * Routes AI calls (part 2 section 9): the allowance first, then the available providers in score
 * order with the fallback chain behind (provider-choice.ts), skipping sidelined ones. Every attempt
 * is logged with its tokens, cost and time; a prepaid account's credits are held before a paid
 * attempt and settled after it (call-payment.ts), so it can never spend more than it has.
 */
export class AiRouter {
  constructor(private readonly d: RouterDeps) {}

  private now() {
    return this.d.clock.now().getTime();
  }

  private async plan(req: AiRequest): Promise<Plan> {
    if (req.provider !== undefined && !isCallable(req.provider) && req.provider !== 'assistant') {
      throw badRequest(AI_MESSAGES.unknownProvider(req.provider), 'AI_UNKNOWN_PROVIDER');
    }
    if (!req.prompt && !req.messages?.length) throw badRequest('A prompt or messages are required');
    // Both reads at once (on PostgreSQL they overlap); a refused allowance still wins.
    const [payer, keys] = await Promise.all([
      this.d.usage.admit(req.userId),
      this.d.keys.forRouting(req.userId),
    ]);
    const candidates = await this.d.registry.candidates(req.userId, keys);
    if (candidates.length === 0) throw new AppError(503, 'AI_NO_PROVIDERS', AI_MESSAGES.noProviders);
    return {
      pay: new RequestPayment(this.d.holds, payer as Payer, req),
      order: chooseOrder(req, candidates),
    };
  }

  /** Starts an attempt: its credits held first; null when the balance cannot cover it (skipped). */
  private async begin(c: Candidate, req: AiRequest, pay: RequestPayment): Promise<Attempt | null> {
    const model = modelFor(c, req);
    const callId = randomUUID();
    const hold = await pay.reserve(c, model, callSettings(c, req).maxOutputTokens, callId);
    if (hold === UNAFFORDABLE) return null;
    return { c, model, callId, started: this.now(), hold };
  }

  /** A failed attempt: its hold back, its provider sidelined when the failure says so, a usage row. */
  async fail(a: Attempt, req: AiRequest, pay: RequestPayment, err: unknown, streamed: boolean) {
    await pay.release(a.hold);
    const e = await classifyFailure(a.c.id, err, {
      nowMs: this.now(),
      cooldownMs: this.d.cooldownMs,
      requestTimeoutMs: this.d.requestTimeoutMs,
    });
    if (e.sidelineMs !== null && e.sidelineMs > 0) this.d.registry.sideline(a.c.cooldownKey, e.sidelineMs);
    this.d.metrics?.aiCall(a.c.id, false, 0);
    await this.d.usage.record({
      userId: req.userId,
      provider: a.c.id,
      model: a.model,
      operation: req.operation,
      responseTimeMs: Math.round(this.now() - a.started),
      success: false,
      error: e.message,
      streamed,
      metadata: { keySource: a.c.source },
    });
    return { provider: a.c.id, model: a.model, error: e.message };
  }

  /** An attempt that answered: its usage row (written, or handed to the caller) and its charge. */
  async succeed(
    a: Attempt,
    req: AiRequest,
    pay: RequestPayment,
    usage: AiUsage,
    streamed: boolean,
  ): Promise<{ cost: number; responseTimeMs: number; usageRow?: NewUsageRow }> {
    const cost = callCost(a.c.id, a.model, usage.promptTokens, usage.completionTokens);
    const responseTimeMs = Math.round(this.now() - a.started);
    this.d.metrics?.aiCall(a.c.id, true, cost);
    const row: NewUsageRow = {
      userId: req.userId,
      provider: a.c.id,
      model: a.model,
      operation: req.operation,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      tokensUsed: usage.totalTokens,
      cost,
      responseTimeMs,
      success: true,
      streamed,
      metadata: { keySource: a.c.source, callId: a.callId },
    };
    if (!req.deferUsage) await this.d.usage.record(row);
    // Users on their own key pay the provider themselves; only holds are charged.
    await pay.settle(a.hold, cost);
    return { cost, responseTimeMs, ...(req.deferUsage ? { usageRow: row } : {}) };
  }

  signalFor(req: AiRequest): {
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

  private allFailed(pay: RequestPayment, failed: AttemptRecord[]): AppError {
    return (
      pay.refusal(failed) ?? new AppError(503, 'AI_ALL_FAILED', AI_MESSAGES.allFailed, { attempts: failed })
    );
  }

  /** One reply, whole. */
  async generate(req: AiRequest): Promise<AiResult> {
    const { pay, order } = await this.plan(req);
    const failed: AttemptRecord[] = [];
    for (const c of order) {
      if (req.signal?.aborted) throw req.signal.reason;
      const a = await this.begin(c, req, pay);
      if (!a) continue;
      const s = this.signalFor(req);
      try {
        const out = await generateReply(
          languageModel(c.id, c.connection, a.model),
          callSettings(c, req),
          s.signal,
        );
        s.done();
        if (!out.text.trim()) throw emptyReply(c.id);
        const usage = toUsage(out.usage);
        const done = await this.succeed(a, req, pay, usage, false);
        return { text: out.text, provider: c.id, model: a.model, usage, failed, ...done };
      } catch (err) {
        s.done();
        if (req.signal?.aborted) {
          await pay.release(a.hold);
          throw req.signal.reason;
        }
        failed.push(await this.fail(a, req, pay, err, false));
      }
    }
    throw this.allFailed(pay, failed);
  }

  /**
   * A streamed reply. Resolves once the first piece of text has arrived: a provider that fails
   * before that is logged and the next one tried, as `generate` does; a failure after it ends the
   * stream with that error.
   */
  async stream(req: AiRequest): Promise<AiStream> {
    const { pay, order } = await this.plan(req);
    const failed: AttemptRecord[] = [];
    for (const c of order) {
      if (req.signal?.aborted) throw req.signal.reason;
      const a = await this.begin(c, req, pay);
      if (!a) continue;
      const s = this.signalFor(req);
      const parts = streamReply(languageModel(c.id, c.connection, a.model), callSettings(c, req), s.signal);
      let first: string | null;
      try {
        first = await firstText(parts);
        if (first === null) throw emptyReply(c.id);
      } catch (err) {
        s.done();
        s.controller.abort();
        if (req.signal?.aborted) {
          await pay.release(a.hold);
          throw req.signal.reason;
        }
        failed.push(await this.fail(a, req, pay, err, true));
        continue;
      }
      s.touch();
      return relayStream({ router: this, attempt: a, req, pay, parts, first, signal: s, failed });
    }
    throw this.allFailed(pay, failed);
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

export { AttemptError };
