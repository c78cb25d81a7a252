import { type RegisterBody, registerReplySchema } from '@stratos/contracts/auth/register.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/register: creates the account (or re-sends the code to an unconfirmed one). */
export function register(body: RegisterBody) {
  return apiRequest('/auth/register', { method: 'POST', body, schema: registerReplySchema, anonymous: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
