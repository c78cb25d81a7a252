import { DEFAULT_PREFERENCES } from '@stratos/contracts/preferences/preferences.schema';
import { usePreferences } from '../../../lib/preferences/api/get-preferences';
import { useUpdatePreferences } from '../../../lib/preferences/api/update-preferences';
import type { SortState } from '../model/sort';
import { nextViewMode, type ViewMode } from '../model/view-mode';

/** View mode and sort order, saved in the user's preferences (viewMode, fileSort). */
export function useFileViewPrefs() {
  const prefs = usePreferences();
  const update = useUpdatePreferences();
  const viewMode: ViewMode = prefs.data?.viewMode ?? DEFAULT_PREFERENCES.viewMode;
  const sort: SortState = prefs.data?.fileSort ?? DEFAULT_PREFERENCES.fileSort;
  return {
    viewMode,
    sort,
    /** Grid -> list -> details -> grid. */
    cycleView: () => update.mutate({ viewMode: nextViewMode(viewMode) }),
    setSort: (next: SortState) => update.mutate({ fileSort: next }),
  };
}
