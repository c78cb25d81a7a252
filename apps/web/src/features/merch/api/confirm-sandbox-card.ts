import {
  type SandboxConfirmBody,
  sandboxConfirmReplySchema,
} from '@stratos/contracts/billing/payments.schema';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/payments/idempotency-key';

/**
 * POST /api/payments/sandbox/confirm (or /sandbox/guest-confirm for a guest, where the client
 * secret proves the payment is theirs): the sandbox's card step; a decline throws the card's message.
 */
export function confirmSandboxCard(body: SandboxConfirmBody, idempotencyKey: string, guest: boolean) {
  return apiRequest(guest ? '/payments/sandbox/guest-confirm' : '/payments/sandbox/confirm', {
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    schema: sandboxConfirmReplySchema,
    anonymous: guest,
  });
}
