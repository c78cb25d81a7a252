import type { Preferences, PreferencesUpdate } from '@stratos/contracts/preferences/preferences.schema';
import { normalizeThemeUpdate } from '@stratos/contracts/preferences/theme';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Applies a partial update the way the server does: top-level fields replace, nested objects merge
 * field by field, arrays replace, dark_mode follows theme. Used for the optimistic copy while a PUT is in flight.
 */
export function mergePreferences(current: Preferences, update: PreferencesUpdate): Preferences {
  const next: Record<string, unknown> = { ...current };
  // theme and dark_mode move together, as on the server (a disagreeing pair is refused there).
  for (const [key, value] of Object.entries(normalizeThemeUpdate(update) ?? update)) {
    if (value === undefined) continue;
    const before = next[key];
    next[key] = isPlainObject(before) && isPlainObject(value) ? { ...before, ...value } : value;
  }
  return next as Preferences;
}
