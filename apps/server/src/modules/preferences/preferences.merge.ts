import { isDeepStrictEqual } from 'node:util';
import {
  DEFAULT_PREFERENCES,
  PREFERENCE_KEYS,
  type Preferences,
  preferencesSchema,
} from '@stratos/contracts/preferences/preferences.schema';
import { darkModeOf, storedTheme } from '@stratos/contracts/preferences/theme';

type Stored = Record<string, unknown> | null | undefined;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Stored values over the defaults, one level deep; stored keys the contract no longer knows are
 * dropped. `dark_mode` is always derived from the theme (a row written before that rule may have
 * the pair disagree, or hold a lone `dark_mode`).
 */
function overlay(stored: Stored): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of PREFERENCE_KEYS) {
    const fallback = DEFAULT_PREFERENCES[key];
    const value = stored?.[key];
    if (value === undefined) out[key] = fallback;
    else if (isObject(fallback) && isObject(value)) out[key] = { ...fallback, ...value };
    else out[key] = value;
  }
  const theme = storedTheme(stored ?? {}) ?? DEFAULT_PREFERENCES.theme;
  out.theme = theme;
  out.dark_mode = darkModeOf(theme);
  return out;
}

/**
 * What a user sees: their stored preferences over the defaults. Writes are validated, so the
 * stored row is normally valid; when the contract has since changed (an enum value removed, a
 * field retyped), only the offending field falls back to its default, instead of the whole
 * reply failing to serialise.
 */
export function effectivePreferences(stored: Stored): Preferences {
  const merged = overlay(stored);
  const parsed = preferencesSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const repaired: Record<string, unknown> = { ...merged };
  for (const issue of parsed.error.issues) {
    const [key, nested] = issue.path as [keyof Preferences, string | undefined];
    const fallback = DEFAULT_PREFERENCES[key] as unknown;
    const current = repaired[key];
    if (nested !== undefined && isObject(fallback) && isObject(current)) {
      repaired[key] = { ...current, [nested]: fallback[nested] };
    } else {
      repaired[key] = fallback;
    }
  }
  // Anything still wrong after field-level repair gets the whole defaults rather than a 500.
  return preferencesSchema.safeParse(repaired).data ?? DEFAULT_PREFERENCES;
}

/** Top-level keys of `requested` whose effective value differs between the two stored versions. */
export function changedFields(requested: object, before: Stored, after: Stored): string[] {
  const was = overlay(before);
  const now = overlay(after);
  return Object.keys(requested).filter((key) => !isDeepStrictEqual(was[key], now[key]));
}
