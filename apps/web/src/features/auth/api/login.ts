import { type LoginBody, type LoginReply, loginReplySchema } from '@stratos/contracts/auth/session.schema';
import { AUTH_MESSAGES } from '@stratos/contracts/common/error-codes';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/auth/login. A reply without success and a token is refused with the specification's
 * 'Invalid response from server' (part 1 section 5).
 */
export async function login(body: LoginBody): Promise<LoginReply> {
  const reply = await apiRequest('/auth/login', {
    method: 'POST',
    body,
    schema: z.unknown(),
    anonymous: true,
  });
  const parsed = loginReplySchema.safeParse(reply);
  if (!parsed.success) throw new Error(AUTH_MESSAGES.invalidLoginResponse);
  return parsed.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
