import {
  type SandboxConfirmBody,
  sandboxConfirmReplySchema,
} from '@stratos/contracts/billing/payments.schema';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/payments/idempotency-key';

/**
 * POST /api/payments/sandbox/confirm: the card step Stripe.js would perform against Stripe, with
 * Stripe's test-card semantics. A decline is an error carrying the card message.
 */
export function confirmSandboxCard(body: SandboxConfirmBody, idempotencyKey: string) {
  return apiRequest('/payments/sandbox/confirm', {
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    schema: sandboxConfirmReplySchema,
  });
}
