import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../lib/clock';
import type { Metrics } from '../../../plugins/metrics/metrics';
import type { AiRequest, AiUsage, AttemptRecord } from './ai-request';
import type { AiUsageService } from './ai-usage.service';
import { classifyFailure } from './attempt-errors';
import { type AttemptHold, type RequestPayment, UNAFFORDABLE } from './call-payment';
import { callCost } from './cost';
import { callSettings, modelFor } from './provider-choice';
import type { Candidate, ProviderRegistry } from './provider-registry';
import type { NewUsageRow } from './providers.repository';

/** One attempt in progress: its provider, model, call id, start and credit hold. */
export interface Attempt {
  c: Candidate;
  model: string;
  callId: string;
  started: number;
  hold: AttemptHold | null;
}

export interface LedgerDeps {
  registry: Pick<ProviderRegistry, 'sideline'>;
  usage: Pick<AiUsageService, 'record'>;
  clock: Clock;
  requestTimeoutMs: number;
  cooldownMs: number;
  /** Counts each attempt and its cost (Prometheus). */
  metrics?: Pick<Metrics, 'aiCall'>;
}

/**
 * The bookkeeping of each attempt (part of the router): credits held before it, and after it the
 * usage row, the metrics, the charge or the hold given back, and a failing provider sidelined.
 */
export class AttemptLedger {
  /**
   * Each request's id and its failed attempts so far: every usage row of one request (each attempt
   * of its fallback chain) carries `metadata.requestId` and `metadata.attempt` (1-based), so a
   * fallback (answered at attempt > 1) can be counted from the log.
   */
  private readonly traces = new WeakMap<AiRequest, { requestId: string; failures: number }>();

  constructor(private readonly d: LedgerDeps) {}

  private trace(req: AiRequest) {
    let t = this.traces.get(req);
    if (!t) {
      t = { requestId: randomUUID(), failures: 0 };
      this.traces.set(req, t);
    }
    return t;
  }

  private now() {
    return this.d.clock.now().getTime();
  }

  /** Starts an attempt: its credits held first; null when the balance cannot cover it (skipped). */
  async begin(
    c: Candidate,
    req: AiRequest,
    pay: RequestPayment,
    model = modelFor(c, req),
  ): Promise<Attempt | null> {
    const callId = randomUUID();
    const hold = await pay.reserve(c, model, callSettings(c, req).maxOutputTokens, callId);
    if (hold === UNAFFORDABLE) return null;
    return { c, model, callId, started: this.now(), hold };
  }

  /** A failed attempt: its hold back, its provider sidelined when the failure says so, a usage row. */
  async fail(
    a: Attempt,
    req: AiRequest,
    pay: RequestPayment,
    err: unknown,
    streamed: boolean,
  ): Promise<AttemptRecord> {
    await pay.release(a.hold);
    const e = await classifyFailure(a.c.id, err, {
      nowMs: this.now(),
      cooldownMs: this.d.cooldownMs,
      requestTimeoutMs: this.d.requestTimeoutMs,
    });
    if (e.sidelineMs !== null && e.sidelineMs > 0) this.d.registry.sideline(a.c.cooldownKey, e.sidelineMs);
    this.d.metrics?.aiCall(a.c.id, false, 0);
    const t = this.trace(req);
    t.failures++;
    await this.d.usage.record({
      userId: req.userId,
      provider: a.c.id,
      model: a.model,
      operation: req.operation,
      responseTimeMs: Math.round(this.now() - a.started),
      success: false,
      error: e.message,
      streamed,
      metadata: { keySource: a.c.source, requestId: t.requestId, attempt: t.failures },
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
    const t = this.trace(req);
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
      metadata: { keySource: a.c.source, callId: a.callId, requestId: t.requestId, attempt: t.failures + 1 },
    };
    if (!req.deferUsage) await this.d.usage.record(row);
    // Users on their own key pay the provider themselves; only holds are charged.
    await pay.settle(a.hold, cost);
    return { cost, responseTimeMs, ...(req.deferUsage ? { usageRow: row } : {}) };
  }
}
