/**
 * Store payments: the merch module's side of payments, apart from plans and credits. The merch
 * module prices an order from its own catalogue and asks here for an intent of exactly that total;
 * before it marks the order paid it asks `verify` what the provider's own record says.
 *
 * A guest (signed-out buyer) has no user id: their intent is stored with `user_id` null and is
 * reached only through its client secret (the card step) or the order that holds it.
 */
import {
  PAYMENT_MESSAGES,
  type SandboxConfirmBody,
  type SandboxConfirmReply,
} from '@stratos/contracts/billing/payments.schema';
import type { Db } from '../../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { openIntent } from './open-intent';
import { type IntentRow, PaymentIntentsRepository } from './payment-intents.repository';
import type { PaymentProvider } from './payment-provider';
import { CURRENCY, intentNotFound } from './payment-rules';
import type { CreatedIntent } from './payments.service';
import { SandboxProvider } from './sandbox.provider';
import { chargeSandboxCard } from './sandbox-card';

export interface MerchIntentInput {
  /** The buyer's account; null for a guest checkout. */
  userId: string | null;
  email: string;
  /** What the merch module priced from its catalogue. */
  amountCents: number;
  /** One per order: a replayed checkout gets the same intent. */
  idempotencyKey: string;
}

export interface MerchPaymentsDeps {
  db: Db;
  clock: Clock;
  /** The configured provider; null when it cannot take payments (Stripe chosen without keys). */
  provider: PaymentProvider | null;
}

/** Guests' intents carry this in the provider's metadata in place of a user id. */
const GUEST = 'guest';

const unavailable = () => new AppError(503, 'PAYMENTS_UNAVAILABLE', PAYMENT_MESSAGES.stripeUnavailable);

export class MerchPaymentsService {
  private readonly intents: PaymentIntentsRepository;

  constructor(private readonly d: MerchPaymentsDeps) {
    this.intents = new PaymentIntentsRepository(d.db);
  }

  private provider(): PaymentProvider {
    if (!this.d.provider) throw unavailable();
    return this.d.provider;
  }

  /** An intent for a store order's total; the same key returns the first intent. */
  async createIntent(input: MerchIntentInput): Promise<CreatedIntent> {
    const provider = this.provider();
    const amount = input.amountCents;
    if (!Number.isInteger(amount) || amount <= 0) {
      throw badRequest(PAYMENT_MESSAGES.amountMismatch, 'AMOUNT_MISMATCH');
    }
    const key = input.idempotencyKey;
    const first = await this.findByKey(input.userId, key);
    if (first) return this.replay(first, amount);
    const customerId = input.userId ? await this.intents.customerOf(input.userId, provider.name) : null;
    const { remote, row } = await openIntent(
      { provider, intents: this.intents, clock: this.d.clock },
      {
        ownerId: input.userId,
        userId: input.userId ?? GUEST,
        email: input.email,
        amountCents: amount,
        purpose: 'merch',
        planId: null,
        packageId: null,
        customerId,
        idempotencyKey: key,
      },
    );
    if (row) return toCreated(row);
    // A concurrent call with the same key won the insert: the first one is the answer.
    const other = (await this.findByKey(input.userId, key)) ?? (await this.intents.findById(remote.id));
    if (!other || other.userId !== input.userId) throw new Error(`intent ${remote.id} was not stored`);
    return this.replay(other, amount);
  }

  /** Guests' keys are `merch:<order id>`, unique by themselves; a user's are scoped to the user. */
  private async findByKey(userId: string | null, key: string): Promise<IntentRow | undefined> {
    if (userId) return this.intents.findByKey(userId, key);
    const row = await this.intents.findGuestByKey(key);
    return row?.purpose === 'merch' ? row : undefined;
  }

  private replay(first: IntentRow, amountCents: number): CreatedIntent {
    if (first.purpose !== 'merch' || first.amountCents !== amountCents) {
      throw conflict(PAYMENT_MESSAGES.idempotencyConflict, 'IDEMPOTENCY_CONFLICT');
    }
    return toCreated(first);
  }

  /**
   * Whether a store order's intent was paid in full by this buyer (`userId` null: a guest), as the
   * provider's own record says (read through `tx` so the sandbox sees the caller's transaction).
   * Returns the card used; throws 404 for an intent that is not this buyer's store payment, 409 when
   * it is unpaid or short.
   */
  async verify(
    tx: Db,
    intentId: string,
    userId: string | null,
    amountCents: number,
  ): Promise<{ brand: string; last4: string } | null> {
    const provider = this.provider();
    const repo = new PaymentIntentsRepository(tx);
    const row = await repo.findById(intentId);
    if (!row || row.userId !== userId || row.purpose !== 'merch' || row.provider !== provider.name) {
      throw intentNotFound();
    }
    const remote = await provider.retrieveIntent(intentId, { tx });
    if (!remote || remote.id !== row.id) throw intentNotFound();
    if (remote.status !== 'succeeded') {
      throw new AppError(409, 'PAYMENT_NOT_SUCCEEDED', PAYMENT_MESSAGES.notSucceeded, {
        status: remote.status,
      });
    }
    if (
      remote.currency !== CURRENCY ||
      remote.amountCents !== amountCents ||
      row.amountCents !== amountCents
    ) {
      throw new AppError(409, 'AMOUNT_MISMATCH', PAYMENT_MESSAGES.amountMismatch);
    }
    const brand = remote.card?.brand ?? row.cardBrand;
    const last4 = remote.card?.last4 ?? row.cardLast4;
    if (!row.grantedAt) {
      // Stripe's record moves first; keep ours in step and mark it fulfilled, as the grant does.
      const now = this.d.clock.now();
      await repo.update(
        row.id,
        { status: 'succeeded', lastError: null, grantedAt: now, cardBrand: brand, cardLast4: last4 },
        now,
      );
    }
    return brand && last4 ? { brand, last4 } : null;
  }

  /**
   * The sandbox's card step for a guest's store payment. Without an account the client secret is
   * the proof of ownership (as with Stripe.js), so it is required here.
   */
  async sandboxConfirmGuest(body: SandboxConfirmBody): Promise<SandboxConfirmReply> {
    const provider = this.d.provider;
    if (!(provider instanceof SandboxProvider)) throw notFound(PAYMENT_MESSAGES.sandboxOnly, 'SANDBOX_ONLY');
    const row = await this.intents.findById(body.payment_intent_id);
    if (
      !row ||
      row.userId !== null ||
      row.purpose !== 'merch' ||
      row.provider !== 'sandbox' ||
      body.client_secret === undefined ||
      body.client_secret !== row.clientSecret
    ) {
      throw intentNotFound();
    }
    return chargeSandboxCard(provider, row, body.card);
  }
}

function toCreated(row: IntentRow): CreatedIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    provider: row.provider,
    purpose: 'merch',
    planId: null,
    packageId: null,
    credits: 0,
  };
}
