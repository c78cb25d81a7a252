import { preferencesUpdateReplySchema } from '@stratos/contracts/preferences/preferences.schema';
import { apiRequest } from '../../lib/api-client';
import type { ThemeMode } from '../../lib/theme-mode';

/** PUT /api/user-preferences {theme}: best effort, the local choice already applies. */
export async function saveThemePreference(mode: ThemeMode): Promise<void> {
  try {
    await apiRequest('/user-preferences', {
      method: 'PUT',
      body: { theme: mode },
      schema: preferencesUpdateReplySchema,
    });
  } catch {
    // The account copy only follows the user to other devices; nothing to tell them here.
  }
}
