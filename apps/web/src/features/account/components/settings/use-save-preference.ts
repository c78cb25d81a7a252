import type { PreferencesUpdate } from '@stratos/contracts/preferences/preferences.schema';
import { App } from 'antd';
import { useCallback } from 'react';
import { errorMessage } from '../../../../lib/api-error';
import { useUpdatePreferences } from '../../../../lib/preferences/api/update-preferences';

const TOAST_KEY = 'preferences-save';

/** Saves one change optimistically and says whether it stuck. */
export function useSavePreference() {
  const update = useUpdatePreferences();
  const { message } = App.useApp();
  const { mutateAsync } = update;
  return useCallback(
    (patch: PreferencesUpdate) =>
      mutateAsync(patch).then(
        () => {
          message.success({ key: TOAST_KEY, content: 'Settings saved' });
        },
        (err: unknown) => {
          message.error({
            key: TOAST_KEY,
            content: `Couldn't save that change: ${errorMessage(err, 'please try again.')}`,
          });
        },
      ),
    [mutateAsync, message],
  );
}
