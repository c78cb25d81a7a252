import { CREDIT_MESSAGES, findCreditPackage } from '@stratos/contracts/billing/credits.schema';
import { PAYMENT_MESSAGES } from '@stratos/contracts/billing/payments.schema';
import { useQuery } from '@tanstack/react-query';
import { authSession } from '../../../../lib/auth-session';
import { createPaymentIntent } from '../../api/create-payment-intent';
import { purchaseBody, purchaseCredits } from '../../api/purchase-credits';
import type { PreparedIntent, Purchase } from '../../model/purchase';

async function prepare(purchase: Purchase, key: string): Promise<PreparedIntent> {
  if (!authSession.accessToken()) throw new Error(PAYMENT_MESSAGES.noToken);
  if (purchase.kind === 'subscription') {
    const r = await createPaymentIntent({ plan_id: purchase.planId, user_email: purchase.email }, key);
    return {
      id: r.payment_intent_id,
      clientSecret: r.client_secret,
      amount: r.amount,
      currency: r.currency,
      provider: r.provider,
    };
  }
  const pkg = findCreditPackage(purchase.packageId);
  if (!pkg) throw new Error(CREDIT_MESSAGES.invalidPackage);
  const r = await purchaseCredits(purchaseBody(purchase.userId, pkg), key);
  return {
    id: r.paymentIntent.id,
    clientSecret: r.clientSecret,
    amount: r.paymentIntent.amount,
    currency: r.paymentIntent.currency,
    provider: r.provider,
  };
}

/**
 * The payment intent for one purchase, created once per idempotency key: a remount or a retry of
 * the same user action gets the same intent back from the server instead of a second one.
 */
export function usePaymentIntent(purchase: Purchase, idempotencyKey: string, enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'intent', idempotencyKey],
    queryFn: () => prepare(purchase, idempotencyKey),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    retry: false,
    refetchOnMount: false,
  });
}
