import type { Preferences } from '@stratos/contracts/preferences/preferences.schema';

type SetMode = (mode: 'light' | 'dark') => void;

/**
 * Applies the theme preference to this browser through the shell's theme mode. "System" has no
 * setter there: show the system's mode now and forget the stored choice, so every later load
 * follows the system again.
 */
export function applyThemeLocally(themePref: Preferences['theme'], setMode: SetMode): void {
  if (themePref !== 'system') {
    setMode(themePref);
    return;
  }
  const systemDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  setMode(systemDark ? 'dark' : 'light');
  try {
    localStorage.removeItem('theme');
  } catch {
    // The choice just stays until the user picks again.
  }
}
