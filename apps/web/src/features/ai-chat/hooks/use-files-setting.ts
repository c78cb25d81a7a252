import { useCallback } from 'react';
import { usePreferences } from '../../../lib/preferences/api/get-preferences';
import { useUpdatePreferences } from '../../../lib/preferences/api/update-preferences';

/**
 * The chat settings' "Use my files" (on by default): the user's preference `ai.use_files`, saved
 * on the server so it follows them to every device; the chat sends it as `useFiles`.
 */
export function useFilesSetting(): [boolean, (on: boolean) => void] {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const on = preferences.data?.ai.use_files ?? true;
  const set = useCallback((value: boolean) => update.mutate({ ai: { use_files: value } }), [update.mutate]);
  return [on, set];
}
