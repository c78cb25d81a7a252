import { type EmailOnlyBody, messageReplySchema } from '@stratos/contracts/auth/codes.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/forgot-password: mails a reset code (same reply whether or not the account exists). */
export function forgotPassword(body: EmailOnlyBody) {
  return apiRequest('/auth/forgot-password', {
    method: 'POST',
    body,
    schema: messageReplySchema,
    anonymous: true,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
