import { AI_MESSAGES, type AiCallableProvider } from '@stratos/contracts/ai/providers.schema';
import type { ModelMessage } from 'ai';
import { AppError } from '../../../lib/app-error';
import type { CreditHoldsService } from '../../billing/credits/credit-holds.service';
import type { AiRequest } from './ai-request';
import type { Payer } from './ai-usage.service';
import { creditMicros, isPaidProvider, maxCallMicros } from './cost';
import { providerDefinition } from './provider-catalog';
import type { Candidate } from './provider-registry';

/** Credits held for one attempt: a paid provider on the platform's key, for a prepaid account. */
export interface AttemptHold {
  id: string;
  callId: string;
  provider: AiCallableProvider;
  model: string;
  estimateMicros: number;
  /** Settled or given back: nothing more to do. */
  done: boolean;
}

/** The attempt was skipped: the balance could not cover its most. */
export const UNAFFORDABLE = Symbol('unaffordable');

/** Tokens a message adds beside its text (role, separators), generously. */
const PER_MESSAGE_TOKENS = 8;
const PER_REQUEST_TOKENS = 16;
/** An image or file part, when its size is not known: more than any provider counts for one image. */
const MEDIA_PART_TOKENS = 2000;

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

function partTokens(part: unknown): number {
  const p = part as { type?: string; text?: string; data?: unknown; image?: unknown };
  if (p.type === 'text' || p.type === 'reasoning') return bytes(p.text ?? '');
  const data = p.data ?? p.image;
  if (typeof data === 'string' && p.type === 'file') return Math.max(bytes(data), MEDIA_PART_TOKENS);
  if (p.type === 'image' || p.type === 'file') return MEDIA_PART_TOKENS;
  return bytes(JSON.stringify(part) ?? '');
}

function messageTokens(m: ModelMessage): number {
  const content = m.content as unknown;
  const body =
    typeof content === 'string'
      ? bytes(content)
      : (content as unknown[]).reduce<number>((n, p) => n + partTokens(p), 0);
  return body + PER_MESSAGE_TOKENS;
}

/**
 * An upper bound of a request's prompt tokens: its UTF-8 bytes (the providers' tokenizers are
 * byte-level or fall back to bytes, so a token is never less than one byte) plus a few tokens per
 * message for roles and separators.
 */
export function promptTokenBound(req: Pick<AiRequest, 'system' | 'prompt' | 'messages'>): number {
  let n = PER_REQUEST_TOKENS;
  if (req.system) n += bytes(req.system) + PER_MESSAGE_TOKENS;
  if (req.messages?.length) for (const m of req.messages) n += messageTokens(m);
  else n += bytes(req.prompt ?? '') + PER_MESSAGE_TOKENS;
  return n;
}

const credits = (micros: number) => (micros / 1e6).toFixed(6).replace(/\.?0+$/, '');

/**
 * The money side of one routed request (part of the router). For each attempt on a paid provider
 * through the platform's key, a prepaid account's credits are held before the provider is called
 * (the prompt's bound and the call's output cap at the model's price: ai-router never calls what
 * the balance cannot cover), then settled to the call's real cost, or given back when it failed.
 * Accounts that are not prepaid, the user's own keys and free providers cost no statement here.
 */
export class RequestPayment {
  /** The last attempt the balance could not cover. */
  private shortfall: {
    estimateMicros: number;
    availableMicros: number;
    provider: AiCallableProvider;
  } | null = null;
  /** What a refusal said was free: a dearer attempt is skipped without asking again. */
  private knownAvailable: number | null = null;

  constructor(
    private readonly holds: Pick<CreditHoldsService, 'reserve' | 'settle' | 'release'>,
    private readonly payer: Payer,
    private readonly req: AiRequest,
  ) {}

  /** Holds the attempt's most (null: nothing to pay); UNAFFORDABLE when the balance cannot cover it. */
  async reserve(
    c: Candidate,
    model: string,
    maxOutputTokens: number,
    callId: string,
  ): Promise<AttemptHold | null | typeof UNAFFORDABLE> {
    if (!this.payer.prepaid || c.source !== 'platform' || !isPaidProvider(c.id)) return null;
    const estimateMicros = maxCallMicros(c.id, model, promptTokenBound(this.req), maxOutputTokens);
    if (estimateMicros <= 0) return null;
    if (this.knownAvailable !== null && estimateMicros > this.knownAvailable) {
      this.shortfall = { estimateMicros, availableMicros: this.knownAvailable, provider: c.id };
      return UNAFFORDABLE;
    }
    const r = await this.holds.reserve({
      userId: this.payer.userId,
      micros: estimateMicros,
      settleKey: `ai:${callId}`,
      description: `AI query in progress (${c.id} ${model})`,
      metadata: { source: 'ai', provider: c.id, model, callId, operation: this.req.operation },
    });
    if (!r.held) {
      this.knownAvailable = r.availableMicros;
      this.shortfall = { estimateMicros, availableMicros: r.availableMicros, provider: c.id };
      return UNAFFORDABLE;
    }
    return { id: r.id, callId, provider: c.id, model, estimateMicros, done: false };
  }

  /** The call answered: its real cost (dollars) replaces the hold. */
  async settle(hold: AttemptHold | null, cost: number): Promise<void> {
    if (!hold || hold.done) return;
    hold.done = true;
    const micros = creditMicros(cost);
    if (micros <= 0) return this.holds.release(hold.id);
    await this.holds.settle(hold.id, {
      userId: this.payer.userId,
      micros,
      settleKey: `ai:${hold.callId}`,
      description: `AI query (${hold.provider} ${hold.model})`,
      metadata: { source: 'ai', provider: hold.provider, model: hold.model, cost, callId: hold.callId },
    });
  }

  /** The call failed (or was never made): the hold goes back whole. */
  async release(hold: AttemptHold | null | typeof UNAFFORDABLE): Promise<void> {
    if (!hold || hold === UNAFFORDABLE || hold.done) return;
    hold.done = true;
    await this.holds.release(hold.id);
  }

  /** The 402 for a request that found no provider it could pay for and no free one that answered. */
  refusal(attempts: unknown[]): AppError | null {
    const s = this.shortfall;
    if (!s) return null;
    return new AppError(
      402,
      'INSUFFICIENT_CREDITS',
      AI_MESSAGES.insufficientCredits(
        credits(s.estimateMicros),
        providerDefinition(s.provider).label,
        credits(s.availableMicros),
      ),
      {
        estimatedCredits: s.estimateMicros / 1e6,
        availableCredits: s.availableMicros / 1e6,
        provider: s.provider,
        attempts,
      },
    );
  }
}
