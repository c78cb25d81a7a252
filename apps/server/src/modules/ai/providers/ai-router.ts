import { AI_MESSAGES } from '@stratos/contracts/ai/providers.schema';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Metrics } from '../../../plugins/metrics/metrics';
import type { CreditHoldsService } from '../../billing/credits/credit-holds.service';
import { languageModel } from './adapters';
import type { AiRequest, AiResult, AiStream, AttemptRecord } from './ai-request';
import { toUsage } from './ai-request';
import type { AiUsageService } from './ai-usage.service';
import { AttemptError, emptyReply } from './attempt-errors';
import { AttemptLedger } from './attempt-ledger';
import { attemptSignal } from './attempt-signal';
import type { RequestPayment } from './call-payment';
import { generateReply, streamReply } from './direct-generate';
import { firstText } from './first-text';
import type { RoutingPolicy } from './plan-rules';
import { callSettings } from './provider-choice';
import type { ProviderRegistry } from './provider-registry';
import { planRequest } from './request-plan';
import { relayStream } from './stream-relay';
import type { UserKeysService } from './user-keys.service';

export type { AiRequest, AiResult, AiStream, AiUsage, AttemptRecord } from './ai-request';
export { retryAfterMs } from './attempt-errors';
export type { Attempt } from './attempt-ledger';
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
  /** Plans' model allow-lists and the provider order (AI management). */
  policy?: RoutingPolicy;
}

/**
 * Routes AI calls (part 2 section 9): the allowance and the plan's allowed models first, then the available providers in score
 * order with the fallback chain behind (request-plan.ts, provider-choice.ts), skipping sidelined
 * ones. Every attempt is logged with its tokens, cost and time, and a prepaid account's credits are
 * held before a paid attempt and settled after it (attempt-ledger.ts, call-payment.ts), so it can
 * never spend more than it has.
 */
export class AiRouter {
  private readonly ledger: AttemptLedger;

  constructor(private readonly d: RouterDeps) {
    this.ledger = new AttemptLedger(d);
  }

  private allFailed(pay: RequestPayment, failed: AttemptRecord[]): AppError {
    return (
      pay.refusal(failed) ?? new AppError(503, 'AI_ALL_FAILED', AI_MESSAGES.allFailed, { attempts: failed })
    );
  }

  /** One reply, whole. */
  async generate(req: AiRequest): Promise<AiResult> {
    const { pay, order } = await planRequest(this.d, req);
    const failed: AttemptRecord[] = [];
    for (const { c, model } of order) {
      if (req.signal?.aborted) throw req.signal.reason;
      const a = await this.ledger.begin(c, req, pay, model);
      if (!a) continue;
      const s = attemptSignal(req, this.d.requestTimeoutMs);
      try {
        const out = await generateReply(
          languageModel(c.id, c.connection, a.model),
          callSettings(c, req),
          s.signal,
        );
        s.done();
        if (!out.text.trim()) throw emptyReply(c.id);
        const usage = toUsage(out.usage);
        const done = await this.ledger.succeed(a, req, pay, usage, false);
        return { text: out.text, provider: c.id, model: a.model, usage, failed, ...done };
      } catch (err) {
        s.done();
        if (req.signal?.aborted) {
          await pay.release(a.hold);
          throw req.signal.reason;
        }
        failed.push(await this.ledger.fail(a, req, pay, err, false));
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
    const { pay, order } = await planRequest(this.d, req);
    const failed: AttemptRecord[] = [];
    for (const { c, model } of order) {
      if (req.signal?.aborted) throw req.signal.reason;
      const a = await this.ledger.begin(c, req, pay, model);
      if (!a) continue;
      const s = attemptSignal(req, this.d.requestTimeoutMs);
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
        failed.push(await this.ledger.fail(a, req, pay, err, true));
        continue;
      }
      s.touch();
      return relayStream({ ledger: this.ledger, attempt: a, req, pay, parts, first, signal: s, failed });
    }
    throw this.allFailed(pay, failed);
  }
}

export { AttemptError };
