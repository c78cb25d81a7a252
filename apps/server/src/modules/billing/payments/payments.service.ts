/**
 * Payments (docs/billing-design.md). Other modules get the one shared instance with
 * `paymentsServiceFor(ctx)` (payments.factory.ts) and call:
 *
 *   createIntent({ userId, email, purpose: 'credits', packageId, idempotencyKey }): Promise<CreatedIntent>
 *   createIntent({ userId, email, purpose: 'subscription', planId, idempotencyKey }): Promise<CreatedIntent>
 *
 * The amount always comes from the catalogue (plans table, CREDIT_PACKAGES); an `amountCents` that is
 * passed must equal it (else 400). The same idempotencyKey for the same user returns the first intent.
 * Errors are AppErrors: 400 'Invalid package ID' / 'Unknown plan', 503 when the provider is missing.
 * The credits are granted later by POST /api/payments/confirm-payment (no plan_id) or the webhook.
 */
import type { PaymentProviderName } from '@stratos/contracts/billing/payments.schema';
import type { IntentPurpose } from './payment-provider';

export interface CreateIntentInput {
  userId: string;
  email: string;
  purpose: Exclude<IntentPurpose, 'renewal'>;
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

export class PaymentsService {
  async createIntent(_input: CreateIntentInput): Promise<CreatedIntent> {
    throw new Error('not implemented yet');
  }
}
