import { type ConfirmBody, messageReplySchema } from '@stratos/contracts/auth/codes.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/confirm: confirms a sign-up with the emailed 6-digit code. */
export function confirmSignUp(body: ConfirmBody) {
  return apiRequest('/auth/confirm', { method: 'POST', body, schema: messageReplySchema, anonymous: true });
}

export function useConfirmSignUp() {
  return useMutation({ mutationFn: confirmSignUp });
}
