import { type AdminUserPatch, adminUserReplySchema } from '@stratos/contracts/admin/admin-users.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminUsersKey } from './list-users';

/** PATCH /api/admin/users/{id}: role, disabled. */
export async function updateAdminUser(id: string, patch: AdminUserPatch) {
  const reply = await apiRequest(`/admin/users/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: patch,
    schema: adminUserReplySchema,
  });
  return reply.data;
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdminUserPatch }) => updateAdminUser(id, patch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
