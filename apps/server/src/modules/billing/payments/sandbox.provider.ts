import { createHash, randomBytes } from 'node:crypto';
import { CARD_MESSAGES } from '@stratos/contracts/billing/payments.schema';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { type IntentRow, PaymentIntentsRepository } from './payment-intents.repository';
import {
  type ChargeResult,
  type ChargeSavedInput,
  type CreateProviderIntent,
  type PaymentProvider,
  type ProviderCallOptions,
  type ProviderEvent,
  type ProviderIntent,
  WebhookSignatureError,
} from './payment-provider';
import { type CardInput, chargeSavedMethod, evaluateCard } from './sandbox-cards';

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/** A sandbox intent id, deterministic for a renewal's idempotency key (a retried run finds its charge). */
const intentId = (key?: string) =>
  `pi_sbx_${key ? createHash('sha256').update(key).digest('base64url').slice(0, 24) : token(18)}`;

export function rowToProviderIntent(row: IntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    customerId: row.providerCustomerId,
    paymentMethodId: row.providerPaymentMethodId,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    metadata: {
      user_id: row.userId ?? 'guest',
      purpose: row.purpose,
      ...(row.planId ? { plan_id: row.planId } : {}),
      ...(row.packageId ? { package_id: row.packageId } : {}),
    },
    lastError: (row.lastError as ProviderIntent['lastError']) ?? null,
  };
}

/**
 * The built-in provider: the server plays Stripe. Its intents are the payment_intents rows (the
 * service writes them from what `createIntent` returns), the card step is `confirmCard`, with
 * Stripe's test-card semantics, and saved cards are Stripe's test payment method ids.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  clientConfig() {
    return { publishableKey: null, testMode: true, available: true };
  }

  async createIntent(input: CreateProviderIntent): Promise<ProviderIntent> {
    const id = intentId();
    return {
      id,
      clientSecret: `${id}_secret_${token(18)}`,
      status: 'requires_payment_method',
      amountCents: input.amountCents,
      currency: input.currency,
      customerId: input.customerId ?? `cus_sbx_${token(10)}`,
      paymentMethodId: null,
      card: null,
      metadata: {
        user_id: input.userId,
        purpose: input.purpose,
        ...(input.planId ? { plan_id: input.planId } : {}),
        ...(input.packageId ? { package_id: input.packageId } : {}),
      },
      lastError: null,
    };
  }

  async retrieveIntent(id: string, opts?: ProviderCallOptions): Promise<ProviderIntent | null> {
    const row = await new PaymentIntentsRepository(opts?.tx ?? this.db).findById(id);
    return row && row.provider === 'sandbox' ? rowToProviderIntent(row) : null;
  }

  /**
   * The card step (what Stripe.js does against Stripe). A declined card leaves the intent
   * `requires_payment_method` with the error, so the payer can retry with another card.
   */
  async confirmCard(
    row: IntentRow,
    card: CardInput,
  ): Promise<{ ok: true; row: IntentRow } | { ok: false; row: IntentRow; code: keyof typeof CARD_MESSAGES }> {
    const repo = new PaymentIntentsRepository(this.db);
    const now = this.clock.now();
    if (row.status === 'succeeded' || row.status === 'canceled') return { ok: true, row };
    const outcome = evaluateCard(card, now);
    // Only an intent still waiting for a card changes: a concurrent confirm that already paid it wins.
    if (!outcome.ok) {
      const updated = await repo.updatePending(
        row.id,
        { status: 'requires_payment_method', lastError: outcome.code },
        now,
      );
      if (!updated) return { ok: true, row: (await repo.findById(row.id)) ?? row };
      return { ok: false, row: updated, code: outcome.code };
    }
    const updated = await repo.updatePending(
      row.id,
      {
        status: 'succeeded',
        lastError: null,
        providerPaymentMethodId: outcome.paymentMethodId,
        cardBrand: outcome.brand,
        cardLast4: outcome.last4,
      },
      now,
    );
    return { ok: true, row: updated ?? (await repo.findById(row.id)) ?? row };
  }

  async chargeSaved(input: ChargeSavedInput): Promise<ChargeResult> {
    const id = intentId(input.idempotencyKey);
    const outcome = chargeSavedMethod(input.paymentMethodId);
    const intent: ProviderIntent = {
      id,
      clientSecret: `${id}_secret_${token(18)}`,
      status: outcome.ok ? 'succeeded' : 'requires_payment_method',
      amountCents: input.amountCents,
      currency: input.currency,
      customerId: input.customerId,
      paymentMethodId: input.paymentMethodId,
      card: null,
      metadata: { user_id: input.userId, purpose: 'renewal', plan_id: input.planId },
      lastError: outcome.ok ? null : outcome.code,
    };
    if (outcome.ok) return { ok: true, intent };
    return { ok: false, code: outcome.code, message: CARD_MESSAGES[outcome.code], intent };
  }

  parseWebhook(_rawBody: Buffer, _signature: string | undefined): ProviderEvent {
    throw new WebhookSignatureError('The sandbox provider sends no webhooks');
  }
}
