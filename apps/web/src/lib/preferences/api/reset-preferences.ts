import { successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import { DEFAULT_PREFERENCES } from '@stratos/contracts/preferences/preferences.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api-client';
import { useSession } from '../../auth-session';
import { clearPersistedPreferences } from '../model/preferences-storage';
import { preferencesKey } from './get-preferences';

/** POST /api/user-preferences/reset: back to the defaults. */
export function resetPreferences() {
  return apiRequest('/user-preferences/reset', { method: 'POST', schema: successOnlySchema });
}

export function useResetPreferences() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  const key = preferencesKey(userId);
  return useMutation({
    mutationFn: resetPreferences,
    onSuccess: async () => {
      clearPersistedPreferences(userId);
      queryClient.setQueryData(key, DEFAULT_PREFERENCES);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
