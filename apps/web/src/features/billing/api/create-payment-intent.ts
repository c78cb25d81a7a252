import {
  type CreatePaymentIntentBody,
  createPaymentIntentReplySchema,
} from '@stratos/contracts/billing/payments.schema';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/payments/idempotency-key';

/** POST /api/payments/create-payment-intent: the amount comes from the catalogue, never from us. */
export function createPaymentIntent(body: CreatePaymentIntentBody, idempotencyKey: string) {
  return apiRequest('/payments/create-payment-intent', {
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    schema: createPaymentIntentReplySchema,
  });
}
