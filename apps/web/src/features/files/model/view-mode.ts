import type { Preferences } from '@stratos/contracts/preferences/preferences.schema';

export type ViewMode = Preferences['viewMode'];

const ORDER: readonly ViewMode[] = ['grid', 'list', 'details'];

/** Part 1 section 4: the view cycles grid -> list -> details -> grid. */
export function nextViewMode(mode: ViewMode): ViewMode {
  const i = ORDER.indexOf(mode);
  return ORDER[(i + 1) % ORDER.length] ?? 'grid';
}

export const VIEW_LABEL: Record<ViewMode, string> = { grid: 'Grid', list: 'List', details: 'Details' };
