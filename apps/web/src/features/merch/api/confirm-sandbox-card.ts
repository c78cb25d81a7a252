import {
  type SandboxConfirmBody,
  sandboxConfirmReplySchema,
} from '@stratos/contracts/billing/payments.schema';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/payments/idempotency-key';

/** POST /api/payments/sandbox/confirm: the sandbox's card step; a decline throws the card's message. */
export function confirmSandboxCard(body: SandboxConfirmBody, idempotencyKey: string) {
  return apiRequest('/payments/sandbox/confirm', {
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    schema: sandboxConfirmReplySchema,
  });
}
