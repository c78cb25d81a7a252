import { DEFAULT_PREFERENCES, preferencesSchema } from '@stratos/contracts/preferences/preferences.schema';
import { describe, expect, it } from 'vitest';
import { changedFields, effectivePreferences } from './preferences.merge';

describe('effectivePreferences', () => {
  it('is the defaults when nothing is stored', () => {
    expect(effectivePreferences(undefined)).toEqual(DEFAULT_PREFERENCES);
    expect(effectivePreferences({})).toEqual(DEFAULT_PREFERENCES);
  });

  it('lays stored values over the defaults one level deep', () => {
    const prefs = effectivePreferences({ theme: 'dark', ai: { enabled: false } });
    expect(prefs.theme).toBe('dark');
    expect(prefs.ai).toEqual({ ...DEFAULT_PREFERENCES.ai, enabled: false });
  });

  it('drops stored keys the contract does not know', () => {
    expect(effectivePreferences({ legacy: 1 })).toEqual(DEFAULT_PREFERENCES);
  });

  it('rests on defaults that satisfy the contract (only stored fields are validated)', () => {
    expect(preferencesSchema.safeParse(DEFAULT_PREFERENCES).success).toBe(true);
  });

  it("answers the contract's parse of what is stored: unknown nested keys dropped", () => {
    const prefs = effectivePreferences({
      ui: { items_per_page: 20, zoom: 2 },
      sidebar: { favorites: ['a'] },
    });
    expect(prefs.ui).toEqual({ ...DEFAULT_PREFERENCES.ui, items_per_page: 20 });
    expect(prefs.sidebar).toEqual({ expanded: true, favorites: ['a'] });
    expect(preferencesSchema.parse(prefs)).toEqual(prefs);
  });

  it('never hands out the defaults themselves', () => {
    const prefs = effectivePreferences(undefined);
    prefs.sidebar.favorites.push('x');
    prefs.ai.enabled = false;
    expect(DEFAULT_PREFERENCES.sidebar.favorites).toEqual([]);
    expect(DEFAULT_PREFERENCES.ai.enabled).toBe(true);
  });

  it('falls back field by field when a stored value no longer validates', () => {
    const prefs = effectivePreferences({
      theme: 'sepia',
      language: 'de',
      fileSort: { field: 'colour', direction: 'desc' },
      sidebar: 'open',
    });
    expect(prefs.theme).toBe(DEFAULT_PREFERENCES.theme);
    expect(prefs.language).toBe('de');
    expect(prefs.fileSort).toEqual({ field: DEFAULT_PREFERENCES.fileSort.field, direction: 'desc' });
    expect(prefs.sidebar).toEqual(DEFAULT_PREFERENCES.sidebar);
  });

  it("falls back to a nested default for an invalid entry, and to the field's defaults when nothing else helps", () => {
    const prefs = effectivePreferences({
      ui: { items_per_page: 5000, timezone: 'Europe/Paris' },
      sidebar: { expanded: false, favorites: ['x'.repeat(201)] },
      ai: 'off',
    });
    expect(prefs.ui).toEqual({
      timezone: 'Europe/Paris',
      items_per_page: DEFAULT_PREFERENCES.ui.items_per_page,
    });
    expect(prefs.sidebar).toEqual({ expanded: false, favorites: [] });
    expect(prefs.ai).toEqual(DEFAULT_PREFERENCES.ai);
  });
});

describe('changedFields', () => {
  it('reports requested keys whose effective value moved', () => {
    const before = { theme: 'dark' };
    const after = { theme: 'dark', viewMode: 'list', ai: { enabled: true } };
    expect(changedFields({ theme: 'dark', viewMode: 'list', ai: { enabled: true } }, before, after)).toEqual([
      'viewMode',
    ]);
  });

  it('treats a first write of a default value as no change', () => {
    expect(changedFields({ language: 'en' }, null, { language: 'en' })).toEqual([]);
  });
});
