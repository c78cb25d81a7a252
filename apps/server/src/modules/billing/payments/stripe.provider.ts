import { createRequire } from 'node:module';
import { CARD_MESSAGES, type CardErrorCode } from '@stratos/contracts/billing/payments.schema';
import type Stripe from 'stripe';
import type {
  ChargeResult,
  ChargeSavedInput,
  CreateProviderIntent,
  PaymentProvider,
  ProviderEvent,
  ProviderIntent,
} from './payment-provider';
import { WebhookSignatureError } from './payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** e.g. http://127.0.0.1:12111 for a local stand-in; Stripe's API when absent. */
  apiBase?: string;
  /** Seconds of clock skew a webhook signature may have (Stripe's default: 300). */
  webhookToleranceSeconds?: number;
}

type StripeSdk = typeof Stripe;

/**
 * The SDK (about 200 modules) is loaded when a Stripe provider is made, not when the server starts:
 * most installations run the sandbox provider and never need it. Loaded synchronously because
 * webhook parsing is synchronous in the provider interface; only a Stripe-configured start pays it.
 */
const loadStripe = (): StripeSdk => createRequire(import.meta.url)('stripe') as StripeSdk;

const STATUSES = new Set<ProviderIntent['status']>([
  'requires_payment_method',
  'requires_confirmation',
  'processing',
  'succeeded',
  'canceled',
]);

/** Stripe statuses we do not model (requires_action, requires_capture) read as "not paid yet". */
const toStatus = (s: string): ProviderIntent['status'] =>
  STATUSES.has(s as ProviderIntent['status']) ? (s as ProviderIntent['status']) : 'requires_confirmation';

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

function toProviderIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  const pm = typeof pi.payment_method === 'object' ? pi.payment_method : null;
  const lastError = pi.last_payment_error ? cardCode(pi.last_payment_error) : null;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: toStatus(pi.status),
    amountCents: pi.amount,
    currency: pi.currency,
    customerId: idOf(pi.customer as string | { id: string } | null),
    paymentMethodId: idOf(pi.payment_method as string | { id: string } | null),
    card: pm?.card ? { brand: pm.card.brand, last4: pm.card.last4 } : null,
    metadata: { ...(pi.metadata ?? {}) },
    lastError,
  };
}

/** Stripe's card error as one of our codes: the issuer's reason when we know it, else the code. */
function cardCode(err: { code?: string | null; decline_code?: string | null }): CardErrorCode {
  const known = (c: string | null | undefined): c is CardErrorCode => !!c && Object.hasOwn(CARD_MESSAGES, c);
  if (known(err.decline_code)) return err.decline_code;
  if (known(err.code)) return err.code;
  return 'card_declined';
}

/**
 * The Stripe adapter (official SDK). Intents are created on a customer with
 * `setup_future_usage: 'off_session'`, so the card paid with can renew the subscription.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly sdk: StripeSdk;

  constructor(private readonly opts: StripeProviderOptions) {
    const base = opts.apiBase ? new URL(opts.apiBase) : null;
    this.sdk = loadStripe();
    this.stripe = new this.sdk(opts.secretKey, {
      maxNetworkRetries: 2,
      timeout: 30_000,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'http:' ? 80 : 443),
            protocol: base.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
  }

  clientConfig() {
    return {
      publishableKey: this.opts.publishableKey ?? null,
      testMode:
        this.opts.secretKey.startsWith('sk_test_') || !!this.opts.publishableKey?.startsWith('pk_test_'),
      available: true,
    };
  }

  async createIntent(input: CreateProviderIntent): Promise<ProviderIntent> {
    const key = input.idempotencyKey ? `${input.userId}:${input.idempotencyKey}` : undefined;
    const customer =
      input.customerId ??
      (
        await this.stripe.customers.create(
          { email: input.email, metadata: { user_id: input.userId } },
          key ? { idempotencyKey: `customer:${key}` } : undefined,
        )
      ).id;
    const metadata: Record<string, string> = { user_id: input.userId, purpose: input.purpose };
    if (input.planId) metadata.plan_id = input.planId;
    if (input.packageId) metadata.package_id = input.packageId;
    const pi = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        customer,
        setup_future_usage: 'off_session',
        automatic_payment_methods: { enabled: true },
        receipt_email: input.email,
        metadata,
      },
      key ? { idempotencyKey: `intent:${key}` } : undefined,
    );
    return toProviderIntent(pi);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    try {
      return toProviderIntent(await this.stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }));
    } catch (err) {
      if (err instanceof this.sdk.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
      throw err;
    }
  }

  async chargeSaved(input: ChargeSavedInput): Promise<ChargeResult> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          ...(input.customerId ? { customer: input.customerId } : {}),
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          metadata: { user_id: input.userId, purpose: 'renewal', plan_id: input.planId },
          expand: ['payment_method'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const intent = toProviderIntent(pi);
      if (intent.status === 'succeeded') return { ok: true, intent };
      const code = intent.lastError ?? 'card_declined';
      return { ok: false, code, message: CARD_MESSAGES[code], intent };
    } catch (err) {
      if (!(err instanceof this.sdk.errors.StripeCardError)) throw err;
      const code = cardCode(err);
      const pi = err.payment_intent;
      return {
        ok: false,
        code,
        message: err.message || CARD_MESSAGES[code],
        intent: pi ? { ...toProviderIntent(pi), lastError: code } : null,
      };
    }
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!this.opts.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.opts.webhookSecret,
        this.opts.webhookToleranceSeconds,
      );
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
    const object = (event.data as { object?: { id?: string; object?: string } }).object;
    return {
      id: event.id,
      type: event.type,
      paymentIntentId: object?.object === 'payment_intent' && object.id ? object.id : null,
    };
  }
}
