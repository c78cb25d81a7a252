import type { CreditPackageId } from '@stratos/contracts/billing/credits.schema';
import type { PaymentProviderName } from '@stratos/contracts/billing/payments.schema';

/** What a card payment buys: a plan's first month, or a credit package. */
export type Purchase =
  | { kind: 'subscription'; planId: string; email?: string }
  | { kind: 'credits'; userId: string; packageId: CreditPackageId };

/** A payment intent as the card step needs it, whichever call created it. */
export interface PreparedIntent {
  id: string;
  clientSecret: string;
  /** Cents, from the catalogue. */
  amount: number;
  currency: string;
  provider: PaymentProviderName;
}

/** confirm-payment's body: plan_id for a subscription, nothing more for credits. */
export function confirmBody(purchase: Purchase, intentId: string) {
  return purchase.kind === 'subscription'
    ? { payment_intent_id: intentId, plan_id: purchase.planId }
    : { payment_intent_id: intentId };
}
