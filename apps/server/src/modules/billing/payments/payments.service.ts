/**
 * Payments (docs/billing-design.md). Other modules get the one shared instance with
 * `paymentsServiceFor(ctx)` (payments.factory.ts) and call:
 *
 *   createIntent({ userId, email, purpose: 'credits', packageId, idempotencyKey }): Promise<CreatedIntent>
 *   createIntent({ userId, email, purpose: 'subscription', planId, idempotencyKey }): Promise<CreatedIntent>
 *
 * The amount always comes from the catalogue (plans table, CREDIT_PACKAGES); an `amountCents` that is
 * passed must equal it (else 400). The same idempotencyKey for the same user returns the first intent.
 * Store orders are paid through MerchPaymentsService (merch-payments.service.ts).
 * Errors are AppErrors: 400 'Invalid package ID' / 'Unknown plan', 503 when the provider is missing.
 * The credits are granted later by POST /api/payments/confirm-payment (no plan_id) or the webhook.
 */
import { CREDIT_MESSAGES, findCreditPackage } from '@stratos/contracts/billing/credits.schema';
import {
  type ConfirmPaymentReply,
  PAYMENT_MESSAGES,
  type PaymentConfigReply,
  type PaymentProviderName,
  type PaymentRecord,
  type Receipt,
  type SandboxConfirmBody,
  type SandboxConfirmReply,
  type WebhookReply,
} from '@stratos/contracts/billing/payments.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { isUniqueViolation } from '../../../lib/pg-error';
import type { NotificationsService } from '../../notifications/notifications.service';
import { PlansRepository } from '../../plans/plans.repository';
import { LedgerRepository } from '../ledger.repository';
import { openIntent } from './open-intent';
import { confirmLedgerKey, PaymentGrant } from './payment-grant';
import { type IntentRow, PaymentIntentsRepository } from './payment-intents.repository';
import { type IntentPurpose, type PaymentProvider, WebhookSignatureError } from './payment-provider';
import { CURRENCY, intentNotFound, planIdFrom } from './payment-rules';
import { toPaymentRecord } from './payment-views';
import { SandboxProvider } from './sandbox.provider';
import { chargeSandboxCard } from './sandbox-card';
import { SubscriptionsRepository } from './subscriptions.repository';

export interface CreateIntentInput {
  userId: string;
  email: string;
  purpose: 'subscription' | 'credits';
  /** Subscriptions: a plan id or alias. */
  planId?: string;
  /** Credits: a CREDIT_PACKAGES id. */
  packageId?: string;
  /** Optional; when given it must equal the catalogue price. */
  amountCents?: number;
  idempotencyKey?: string | null;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: string;
  provider: PaymentProviderName;
  purpose: Exclude<IntentPurpose, 'renewal'>;
  planId: string | null;
  packageId: string | null;
  /** Credits bought (credits intents), else 0. */
  credits: number;
}

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  /** The configured provider; null when it cannot take payments (Stripe chosen without keys). */
  provider: PaymentProvider | null;
  /** The configured provider's name, also when it is unavailable. */
  providerName: PaymentProviderName;
  notifications: NotificationsService;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

const unavailable = () => new AppError(503, 'PAYMENTS_UNAVAILABLE', PAYMENT_MESSAGES.stripeUnavailable);

export class PaymentsService {
  private readonly db: Db;
  private readonly intents: PaymentIntentsRepository;

  constructor(private readonly d: PaymentsDeps) {
    this.db = d.db;
    this.intents = new PaymentIntentsRepository(d.db);
  }

  config(): PaymentConfigReply {
    const client = this.d.provider?.clientConfig();
    return {
      success: true,
      provider: this.d.providerName,
      publishableKey: client?.publishableKey ?? null,
      testMode: client?.testMode ?? this.d.providerName === 'sandbox',
      available: client?.available ?? false,
      currency: CURRENCY,
    };
  }

  private provider(): PaymentProvider {
    if (!this.d.provider) throw unavailable();
    return this.d.provider;
  }

  /** Creates an intent for a plan or a credit package, priced from the catalogue. */
  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    const provider = this.provider();
    const item = await this.priceOf(input);
    if (input.amountCents !== undefined && input.amountCents !== item.amountCents) {
      throw badRequest(PAYMENT_MESSAGES.amountMismatch, 'AMOUNT_MISMATCH');
    }
    const key = input.idempotencyKey ?? null;
    if (key) {
      const first = await this.intents.findByKey(input.userId, key);
      if (first) return this.replayCreate(first, item);
    }
    const sub = await new SubscriptionsRepository(this.db).findByUser(input.userId);
    if (
      input.purpose === 'subscription' &&
      sub?.status === 'active' &&
      sub.planId === item.planId &&
      !sub.cancelAtPeriodEnd
    ) {
      throw conflict(PAYMENT_MESSAGES.alreadySubscribed, 'ALREADY_SUBSCRIBED');
    }
    const customerId =
      (await this.intents.customerOf(input.userId, provider.name)) ??
      (sub?.provider === provider.name ? sub.providerCustomerId : null);
    const { remote, row } = await openIntent(
      { provider, intents: this.intents, clock: this.d.clock },
      {
        ownerId: input.userId,
        userId: input.userId,
        email: input.email,
        amountCents: item.amountCents,
        purpose: input.purpose,
        planId: item.planId,
        packageId: item.packageId,
        customerId,
        idempotencyKey: key,
      },
    );
    if (row) return toCreated(row, item.credits);
    // A concurrent call with the same key won the insert (the provider, given the same key, answered
    // with the same intent): the first one is the answer.
    const first =
      (key && (await this.intents.findByKey(input.userId, key))) || (await this.intents.findById(remote.id));
    if (!first || first.userId !== input.userId) throw new Error(`intent ${remote.id} was not stored`);
    return this.replayCreate(first, item);
  }

  private replayCreate(first: IntentRow, item: PricedItem): CreatedIntent {
    if (
      first.purpose !== item.purpose ||
      first.planId !== item.planId ||
      first.packageId !== item.packageId
    ) {
      throw conflict(PAYMENT_MESSAGES.idempotencyConflict, 'IDEMPOTENCY_CONFLICT');
    }
    return toCreated(first, item.credits);
  }

  private async priceOf(input: CreateIntentInput): Promise<PricedItem> {
    if (input.purpose === 'credits') {
      const pkg = findCreditPackage(input.packageId ?? '');
      if (!pkg) throw badRequest(CREDIT_MESSAGES.invalidPackage, 'INVALID_PACKAGE');
      return {
        purpose: 'credits',
        planId: null,
        packageId: pkg.id,
        amountCents: pkg.price * 100,
        credits: pkg.credits,
      };
    }
    const planId = planIdFrom(input.planId ?? '');
    if (planId === 'free') throw badRequest(PAYMENT_MESSAGES.freePlan, 'FREE_PLAN');
    const plan = await new PlansRepository(this.db).findById(planId);
    if (!plan?.active || plan.priceCents <= 0) throw badRequest(PAYMENT_MESSAGES.unknownPlan, 'UNKNOWN_PLAN');
    return {
      purpose: 'subscription',
      planId: plan.id,
      packageId: null,
      amountCents: plan.priceCents,
      credits: 0,
    };
  }

  /** The sandbox's card step (Stripe.js's confirmCardPayment): 402 with the card's message on a decline. */
  async sandboxConfirm(userId: string, body: SandboxConfirmBody): Promise<SandboxConfirmReply> {
    const provider = this.d.provider;
    if (!(provider instanceof SandboxProvider)) throw notFound(PAYMENT_MESSAGES.sandboxOnly, 'SANDBOX_ONLY');
    const row = await this.intents.findById(body.payment_intent_id);
    if (
      !row ||
      row.userId !== userId ||
      row.provider !== 'sandbox' ||
      row.purpose === 'renewal' ||
      (body.client_secret !== undefined && body.client_secret !== row.clientSecret)
    ) {
      throw intentNotFound();
    }
    return chargeSandboxCard(provider, row, body.card);
  }

  /**
   * Grants what a paid intent buys, once. The same Idempotency-Key returns the first result; any
   * later confirm of a granted intent answers `granted: false` and changes nothing.
   */
  async confirmPayment(
    userId: string,
    body: { payment_intent_id: string; plan_id?: string },
    idempotencyKey: string | null,
  ): Promise<ConfirmPaymentReply> {
    const grant = new PaymentGrant(this.provider(), this.d.clock, this.d.notifications);
    const planId = body.plan_id === undefined ? null : planIdFrom(body.plan_id);
    const replay = async (): Promise<ConfirmPaymentReply | null> => {
      if (!idempotencyKey) return null;
      const first = await new LedgerRepository(this.db).findByKey(userId, confirmLedgerKey(idempotencyKey));
      if (!first) return null;
      if (first.paymentIntentId !== body.payment_intent_id) {
        throw conflict(PAYMENT_MESSAGES.idempotencyConflict, 'IDEMPOTENCY_CONFLICT');
      }
      const intent = await this.intents.findById(first.paymentIntentId);
      if (!intent) return null;
      return { success: true, granted: true, ...(await grant.state(this.db, intent)) };
    };
    const first = await replay();
    if (first) return first;
    try {
      const outcome = await this.db.transaction((tx) =>
        grant.grant(tx, body.payment_intent_id, { callerId: userId, planId, idempotencyKey }),
      );
      return {
        success: true,
        granted: outcome.granted,
        subscription: outcome.subscription,
        credits: outcome.credits,
      };
    } catch (err) {
      // The same key, sent twice at once: the other call granted; answer with its result.
      if (isUniqueViolation(err)) {
        const again = await replay();
        if (again) return again;
      }
      throw err;
    }
  }

  /**
   * A provider event, verified over the raw body. Handled once per event id, in the same
   * transaction as the grant; a bad signature answers 400 and changes nothing.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookReply> {
    const provider = this.provider();
    let event: ReturnType<PaymentProvider['parseWebhook']>;
    try {
      event = provider.parseWebhook(rawBody, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        this.d.log.warn({ reason: err.message }, 'payment webhook refused');
        throw badRequest(PAYMENT_MESSAGES.webhookSignature, 'INVALID_SIGNATURE');
      }
      throw err;
    }
    const grant = new PaymentGrant(provider, this.d.clock, this.d.notifications);
    return this.db.transaction(async (tx) => {
      const fresh = await new PaymentIntentsRepository(tx).recordEvent(event.id, provider.name, event.type);
      if (!fresh) return { received: true as const, duplicate: true };
      if (!event.paymentIntentId) return { received: true as const, duplicate: false };
      const intentId = event.paymentIntentId;
      if (event.type === 'payment_intent.succeeded') {
        try {
          // A savepoint: a refused grant (unknown intent, wrong amount) is logged, the event kept.
          await tx.transaction((sp) =>
            grant.grant(sp, intentId, { callerId: null, planId: null, idempotencyKey: null }),
          );
        } catch (err) {
          if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
          // Not ours to grant (a renewal the job charged, an intent made elsewhere) is routine.
          const level = err.statusCode === 404 ? 'info' : 'warn';
          this.d.log[level]({ event: event.id, intent: intentId, code: err.code }, 'webhook grant refused');
        }
      } else if (event.type === 'payment_intent.payment_failed') {
        const remote = await provider.retrieveIntent(intentId, { tx });
        if (remote) {
          await new PaymentIntentsRepository(tx).updatePending(
            intentId,
            { status: remote.status, lastError: remote.lastError },
            this.d.clock.now(),
          );
        }
      }
      return { received: true as const, duplicate: false };
    });
  }

  async history(userId: string, limit: number): Promise<PaymentRecord[]> {
    const rows = await this.intents.listPayments(userId, limit);
    const names = await this.planNames();
    return rows.map((r) => toPaymentRecord(r, r.planId ? names.get(r.planId) : undefined));
  }

  async receipt(userId: string, id: string): Promise<Receipt> {
    const row = await this.intents.findById(id);
    if (!row || row.userId !== userId || row.status !== 'succeeded') throw intentNotFound();
    const user = await new SubscriptionsRepository(this.db).findUser(userId);
    if (!user) throw intentNotFound();
    const planName = row.planId ? (await new PlansRepository(this.db).findById(row.planId))?.name : undefined;
    const date = new Date(row.createdAt);
    return {
      ...toPaymentRecord(row, planName),
      receipt_number: `STR-${date.toISOString().slice(0, 10).replaceAll('-', '')}-${row.id.slice(-8).toUpperCase()}`,
      customer: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
      provider: row.provider,
    };
  }

  private async planNames(): Promise<Map<string, string>> {
    const plans = await new PlansRepository(this.db).listActive();
    return new Map(plans.map((p) => [p.id, p.name]));
  }
}

interface PricedItem {
  purpose: Exclude<IntentPurpose, 'renewal'>;
  planId: string | null;
  packageId: string | null;
  amountCents: number;
  credits: number;
}

function toCreated(row: IntentRow, credits: number): CreatedIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    provider: row.provider,
    purpose: row.purpose === 'renewal' ? 'subscription' : row.purpose,
    planId: row.planId,
    packageId: row.packageId,
    credits,
  };
}
