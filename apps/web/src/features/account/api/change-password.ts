import { messageReplySchema } from '@stratos/contracts/auth/codes.schema';
import type { ChangePasswordBody } from '@stratos/contracts/auth/session.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/change-password: keeps this session, ends the others. */
export function changePassword(body: ChangePasswordBody) {
  return apiRequest('/auth/change-password', { method: 'POST', body, schema: messageReplySchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
