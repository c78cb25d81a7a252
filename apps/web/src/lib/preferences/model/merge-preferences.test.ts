import { DEFAULT_PREFERENCES } from '@stratos/contracts/preferences/preferences.schema';
import { describe, expect, it } from 'vitest';
import { mergePreferences } from './merge-preferences';

describe('mergePreferences', () => {
  it('replaces top-level fields and merges nested objects field by field', () => {
    const next = mergePreferences(DEFAULT_PREFERENCES, {
      theme: 'dark',
      notification_settings: { push: true },
      ui: { items_per_page: 100 },
    });
    expect(next.theme).toBe('dark');
    expect(next.notification_settings).toEqual({ ...DEFAULT_PREFERENCES.notification_settings, push: true });
    expect(next.ui).toEqual({ timezone: 'UTC', items_per_page: 100 });
    expect(next.privacy_settings).toBe(DEFAULT_PREFERENCES.privacy_settings);
  });

  it('keeps dark_mode in step with theme, as the server does', () => {
    expect(mergePreferences(DEFAULT_PREFERENCES, { theme: 'dark' })).toMatchObject({
      theme: 'dark',
      dark_mode: true,
    });
    const dark = { ...DEFAULT_PREFERENCES, theme: 'dark' as const, dark_mode: true };
    expect(mergePreferences(dark, { dark_mode: false })).toMatchObject({ theme: 'light', dark_mode: false });
    expect(mergePreferences(dark, { theme: 'system' })).toMatchObject({ theme: 'system', dark_mode: false });
  });

  it('replaces arrays and does not touch the original', () => {
    const next = mergePreferences(DEFAULT_PREFERENCES, { sidebar: { favorites: ['/files'] } });
    expect(next.sidebar).toEqual({ expanded: true, favorites: ['/files'] });
    expect(DEFAULT_PREFERENCES.sidebar.favorites).toEqual([]);
  });
});
