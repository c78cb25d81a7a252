import { type EmailOnlyBody, messageReplySchema } from '@stratos/contracts/auth/codes.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/resend-code: mails a new sign-up code. */
export function resendCode(body: EmailOnlyBody) {
  return apiRequest('/auth/resend-code', {
    method: 'POST',
    body,
    schema: messageReplySchema,
    anonymous: true,
  });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
