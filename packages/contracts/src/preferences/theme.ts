/**
 * The theme is one value. `theme` ('light' | 'dark' | 'system') is the truth; the specification's
 * `dark_mode` flag is derived from it (true only for 'dark'), on every read and every write, so
 * no two clients can see the pair disagree.
 */
export type ThemeChoice = 'light' | 'dark' | 'system';

export const THEME_MESSAGES = {
  conflict: "theme and dark_mode disagree: dark_mode is true only when theme is 'dark'",
} as const;

export const darkModeOf = (theme: ThemeChoice): boolean => theme === 'dark';

type ThemeFields = { theme?: ThemeChoice; dark_mode?: boolean; [field: string]: unknown };

/**
 * A partial update with both fields set consistently: `theme` alone sets `dark_mode`;
 * `dark_mode` alone sets `theme` ('dark' or 'light'). Null when the two are both given and
 * disagree. Other fields pass through untouched.
 */
export function normalizeThemeUpdate<T extends ThemeFields>(update: T): T | null {
  const { theme, dark_mode: dark } = update;
  if (theme !== undefined) {
    if (dark !== undefined && dark !== darkModeOf(theme)) return null;
    return { ...update, dark_mode: darkModeOf(theme) };
  }
  if (dark !== undefined) return { ...update, theme: dark ? 'dark' : 'light' };
  return update;
}

/**
 * The theme of a stored object that may predate this rule: its `theme` when it has one, else
 * what a lone `dark_mode` said, else undefined (the default applies).
 */
export function storedTheme(stored: { theme?: unknown; dark_mode?: unknown }): ThemeChoice | undefined {
  const t = stored.theme;
  if (t === 'light' || t === 'dark' || t === 'system') return t;
  if (typeof stored.dark_mode === 'boolean') return stored.dark_mode ? 'dark' : 'light';
  return undefined;
}
