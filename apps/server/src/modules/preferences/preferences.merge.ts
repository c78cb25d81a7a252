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
 * Every field of the contract, in its order: `field` gives each from what is stored under it
 * (undefined when nothing is); stored keys the contract no longer knows are dropped. `dark_mode`
 * is always derived from the theme (a row written before that rule may have the pair disagree, or
 * hold a lone `dark_mode`).
 */
function overlay(stored: Stored, field: (key: keyof Preferences, value: unknown) => unknown) {
  const theme = storedTheme(stored ?? {}) ?? DEFAULT_PREFERENCES.theme;
  const out: Record<string, unknown> = {};
  for (const key of PREFERENCE_KEYS) {
    if (key === 'theme') out.theme = theme;
    else if (key === 'dark_mode') out.dark_mode = darkModeOf(theme);
    else out[key] = field(key, stored?.[key]);
  }
  return out;
}

/** A stored value over its default, one level deep, unvalidated. */
function overDefault(key: keyof Preferences, value: unknown): unknown {
  const fallback: unknown = DEFAULT_PREFERENCES[key];
  if (value === undefined) return fallback;
  return isObject(fallback) && isObject(value) ? { ...fallback, ...value } : value;
}

/**
 * What a user sees: their stored preferences over the defaults. Writes are validated, so the
 * stored row is normally valid; when the contract has since changed (an enum value removed, a
 * field retyped), only the offending field falls back to its default, instead of the whole
 * reply failing to serialise.
 *
 * Only what the row holds is validated, field by field (the contract's fields are independent of
 * one another, and the defaults are valid by construction, as a test checks): a row of two
 * settings costs two small parses instead of one of the whole document. The result is the
 * contract's own parse output, so the route answers it without validating it again.
 */
export function effectivePreferences(stored: Stored): Preferences {
  return overlay(stored, (key, value) =>
    value === undefined ? copyOf(key) : validField(key, value),
  ) as Preferences;
}

const shape = preferencesSchema.shape;

/** Per field, the nested keys whose default is an array (sidebar.favorites): copied with the field. */
const NESTED_ARRAYS = new Map(
  PREFERENCE_KEYS.map((key) => {
    const fallback: unknown = DEFAULT_PREFERENCES[key];
    return [key, isObject(fallback) ? Object.keys(fallback).filter((k) => Array.isArray(fallback[k])) : []];
  }),
);

/** A field's default, its own copy (as deep as any default goes), so no reply shares the constants. */
function copyOf(key: keyof Preferences): unknown {
  const fallback: unknown = DEFAULT_PREFERENCES[key];
  if (Array.isArray(fallback)) return [...fallback];
  if (!isObject(fallback)) return fallback;
  const copy = { ...fallback };
  for (const nested of NESTED_ARRAYS.get(key) ?? []) copy[nested] = [...(fallback[nested] as unknown[])];
  return copy;
}

/** A stored value over its default, parsed by the field's schema; repaired, or the default, when invalid. */
function validField(key: keyof Preferences, value: unknown): unknown {
  const schema = shape[key];
  const fallback: unknown = DEFAULT_PREFERENCES[key];
  const merged = overDefault(key, value);
  const parsed = schema.safeParse(merged);
  if (parsed.success) return parsed.data;
  if (!isObject(fallback) || !isObject(merged)) return copyOf(key);
  const repaired: Record<string, unknown> = { ...merged };
  for (const issue of parsed.error.issues) {
    const nested = issue.path[0];
    if (typeof nested === 'string') repaired[nested] = fallback[nested];
  }
  // Anything still wrong after repairing its nested fields gets the field's defaults rather than a 500.
  const again = schema.safeParse(repaired);
  return again.success ? again.data : copyOf(key);
}

/** Top-level keys of `requested` whose effective value differs between the two stored versions. */
export function changedFields(requested: object, before: Stored, after: Stored): string[] {
  const was = overlay(before, overDefault);
  const now = overlay(after, overDefault);
  return Object.keys(requested).filter((key) => !isDeepStrictEqual(was[key], now[key]));
}
