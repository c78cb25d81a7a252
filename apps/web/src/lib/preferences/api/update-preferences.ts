import {
  DEFAULT_PREFERENCES,
  type Preferences,
  type PreferencesUpdate,
  preferencesUpdateReplySchema,
} from '@stratos/contracts/preferences/preferences.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api-client';
import { useSession } from '../../auth-session';
import { mergePreferences } from '../model/merge-preferences';
import { writePersistedPreferences } from '../model/preferences-storage';
import { preferencesKey } from './get-preferences';

const MUTATION_KEY = ['preferences', 'update'] as const;

/** PUT /api/user-preferences with a partial update; replies with the updated fields and the whole object. */
export function updatePreferences(update: PreferencesUpdate) {
  return apiRequest('/user-preferences', {
    method: 'PUT',
    body: update,
    schema: preferencesUpdateReplySchema,
  });
}

/**
 * Saves a change optimistically: the cache shows it at once, a failure puts the previous value
 * back, and the server's copy replaces the optimistic one when no other save is still running.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  const key = preferencesKey(userId);
  return useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: updatePreferences,
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Preferences>(key);
      queryClient.setQueryData<Preferences>(key, mergePreferences(previous ?? DEFAULT_PREFERENCES, update));
      return { previous };
    },
    onError: (_err, _update, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (reply) => {
      writePersistedPreferences(userId, reply.data);
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) <= 1)
        queryClient.setQueryData(key, reply.data);
    },
  });
}
