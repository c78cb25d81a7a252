import type { Preferences } from '@stratos/contracts/preferences/preferences.schema';
import { preferencesUpdateReplySchema } from '@stratos/contracts/preferences/preferences.schema';
import { apiRequest } from '../../lib/api-client';
import { preferencesKey } from '../../lib/preferences/api/get-preferences';
import { mergePreferences } from '../../lib/preferences/model/merge-preferences';
import { writePersistedPreferences } from '../../lib/preferences/model/preferences-storage';
import type { ThemeMode } from '../../lib/theme-mode';
import { queryClient } from '../query-client';

/**
 * PUT /api/user-preferences {theme} from the header's switch. The account's copy in the cache
 * changes at once (the theme sync reads it); a failed save puts the account's theme back, so the
 * page never shows a theme the account does not hold.
 */
export async function saveThemePreference(userId: string, mode: ThemeMode): Promise<void> {
  const key = preferencesKey(userId);
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<Preferences>(key);
  if (previous) queryClient.setQueryData<Preferences>(key, mergePreferences(previous, { theme: mode }));
  try {
    const reply = await apiRequest('/user-preferences', {
      method: 'PUT',
      body: { theme: mode },
      schema: preferencesUpdateReplySchema,
    });
    writePersistedPreferences(userId, reply.data);
    queryClient.setQueryData(key, reply.data);
  } catch {
    if (previous) queryClient.setQueryData(key, previous);
    await queryClient.invalidateQueries({ queryKey: key });
  }
}
