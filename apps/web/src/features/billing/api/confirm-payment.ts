import {
  type ConfirmPaymentBody,
  confirmPaymentReplySchema,
} from '@stratos/contracts/billing/payments.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/payments/idempotency-key';

/**
 * POST /api/payments/confirm-payment: grants what a succeeded intent bought, once. With plan_id
 * for a subscription, without it for credits.
 */
export function confirmPayment(body: ConfirmPaymentBody, idempotencyKey: string) {
  return apiRequest('/payments/confirm-payment', {
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    schema: confirmPaymentReplySchema,
  });
}

/**
 * After Stripe sends the browser back from a redirect-based confirmation (3-D Secure), the
 * success page grants the payment, once per intent: the key is derived from the intent, so a
 * reload replays the first answer instead of asking twice.
 */
export function useConfirmReturnedPayment(intentId: string | null, planId: string | undefined) {
  return useQuery({
    queryKey: ['payments', 'returned', intentId],
    queryFn: () =>
      confirmPayment(
        planId
          ? { payment_intent_id: intentId ?? '', plan_id: planId }
          : { payment_intent_id: intentId ?? '' },
        `return-${intentId}`,
      ),
    enabled: Boolean(intentId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
