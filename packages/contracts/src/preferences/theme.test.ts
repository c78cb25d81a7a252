import { describe, expect, it } from 'vitest';
import { normalizeThemeUpdate, storedTheme } from './theme';

describe('normalizeThemeUpdate', () => {
  it('derives dark_mode from theme and theme from a lone dark_mode', () => {
    expect(normalizeThemeUpdate({ theme: 'dark' })).toEqual({ theme: 'dark', dark_mode: true });
    expect(normalizeThemeUpdate({ theme: 'system', language: 'de' })).toEqual({
      theme: 'system',
      dark_mode: false,
      language: 'de',
    });
    expect(normalizeThemeUpdate({ dark_mode: true })).toEqual({ dark_mode: true, theme: 'dark' });
    expect(normalizeThemeUpdate({ dark_mode: false })).toEqual({ dark_mode: false, theme: 'light' });
  });

  it('leaves an update without either field alone and refuses a disagreeing pair', () => {
    expect(normalizeThemeUpdate({ language: 'fr' })).toEqual({ language: 'fr' });
    expect(normalizeThemeUpdate({ theme: 'dark', dark_mode: true })).toEqual({
      theme: 'dark',
      dark_mode: true,
    });
    expect(normalizeThemeUpdate({ theme: 'dark', dark_mode: false })).toBeNull();
    expect(normalizeThemeUpdate({ theme: 'system', dark_mode: true })).toBeNull();
  });
});

describe('storedTheme', () => {
  it('prefers theme, then a lone dark_mode, else nothing', () => {
    expect(storedTheme({ theme: 'dark', dark_mode: false })).toBe('dark');
    expect(storedTheme({ dark_mode: true })).toBe('dark');
    expect(storedTheme({ theme: 'sepia', dark_mode: false })).toBe('light');
    expect(storedTheme({})).toBeUndefined();
  });
});
