import { messageReplySchema, type ResetPasswordBody } from '@stratos/contracts/auth/codes.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/reset-password: sets a new password with the emailed reset code. */
export function resetPassword(body: ResetPasswordBody) {
  return apiRequest('/auth/reset-password', {
    method: 'POST',
    body,
    schema: messageReplySchema,
    anonymous: true,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
