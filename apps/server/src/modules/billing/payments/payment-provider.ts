import type {
  CardErrorCode,
  IntentStatus,
  PaymentProviderName,
} from '@stratos/contracts/billing/payments.schema';
import type { Db } from '../../../db/client';

/** `merch`: a store order, priced by the merch module from its catalogue and fulfilled there. */
export type IntentPurpose = 'subscription' | 'renewal' | 'credits' | 'merch';

/** What the server asks a provider to create; the amount is already the catalogue's. */
export interface CreateProviderIntent {
  userId: string;
  email: string;
  amountCents: number;
  currency: string;
  purpose: IntentPurpose;
  planId: string | null;
  packageId: string | null;
  /** The provider customer already known for this user (saved cards live there). */
  customerId: string | null;
  /** Forwarded to the provider so a retried create returns the same intent. */
  idempotencyKey: string | null;
}

/** A payment intent as the provider reports it. */
export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  customerId: string | null;
  paymentMethodId: string | null;
  card: { brand: string; last4: string } | null;
  /** What the server wrote when creating it: user_id, purpose, plan_id, package_id. */
  metadata: Record<string, string>;
  /** The last card error, when the last attempt failed. */
  lastError: CardErrorCode | null;
}

/** A renewal charge of a saved payment method, off session. */
export interface ChargeSavedInput {
  userId: string;
  customerId: string | null;
  paymentMethodId: string;
  amountCents: number;
  currency: string;
  planId: string;
  /** Subscription id + period end + attempt: a retried run never charges twice. */
  idempotencyKey: string;
}

export type ChargeResult =
  | { ok: true; intent: ProviderIntent }
  | { ok: false; code: CardErrorCode; message: string; intent: ProviderIntent | null };

/** A verified provider event (only what the server acts on). */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The payment intent the event is about, when it is one. */
  paymentIntentId: string | null;
}

export interface ProviderClientConfig {
  publishableKey: string | null;
  testMode: boolean;
  available: boolean;
}

/** Options for calls the service makes inside its transaction. */
export interface ProviderCallOptions {
  /** The open transaction; the sandbox, whose intents are database rows, reads through it. */
  tx?: Db;
}

/**
 * A payment provider (docs/billing-design.md). The server creates intents here, the client pays
 * them (Stripe.js, or the sandbox's card step), and the server re-reads them here before granting.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  clientConfig(): ProviderClientConfig;
  createIntent(input: CreateProviderIntent): Promise<ProviderIntent>;
  retrieveIntent(id: string, opts?: ProviderCallOptions): Promise<ProviderIntent | null>;
  chargeSaved(input: ChargeSavedInput): Promise<ChargeResult>;
  /** Verifies the signature over the raw body; throws `WebhookSignatureError` when it does not verify. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'Webhook signature verification failed') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider refused a card (a decline, an expired card...): a 402 with the card's message. */
export class CardError extends Error {
  constructor(
    readonly code: CardErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CardError';
  }
}
