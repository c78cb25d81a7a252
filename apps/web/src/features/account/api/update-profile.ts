import { meReplySchema, type UpdateProfileBody } from '@stratos/contracts/auth/session.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meKey } from '../../../lib/account/get-me';
import { apiRequest } from '../../../lib/api-client';
import { authSession } from '../../../lib/auth-session';

/** PATCH /api/auth/me: first name, last name, company. */
export async function updateProfile(body: UpdateProfileBody) {
  const reply = await apiRequest('/auth/me', { method: 'PATCH', body, schema: meReplySchema });
  return reply.user;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(meKey, user);
      // The header shows the name from the access token: a refresh issues one with the new name.
      void authSession.refresh();
    },
  });
}
