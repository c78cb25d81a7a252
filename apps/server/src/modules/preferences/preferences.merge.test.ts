import { DEFAULT_PREFERENCES } from '@stratos/contracts/preferences/preferences.schema';
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
