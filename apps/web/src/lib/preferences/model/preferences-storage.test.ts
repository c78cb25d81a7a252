import { DEFAULT_PREFERENCES } from '@stratos/contracts/preferences/preferences.schema';
import { afterEach, describe, expect, it } from 'vitest';
import { readPersistedPreferences, writePersistedPreferences } from './preferences-storage';

describe('persisted preferences', () => {
  afterEach(() => localStorage.clear());

  it('round-trips per user', () => {
    writePersistedPreferences('u1', { ...DEFAULT_PREFERENCES, theme: 'dark' }, 1000);
    expect(readPersistedPreferences('u1')).toEqual({
      data: { ...DEFAULT_PREFERENCES, theme: 'dark' },
      savedAt: 1000,
    });
    expect(readPersistedPreferences('u2')).toBeNull();
  });

  it('ignores a copy that no longer matches the contract', () => {
    localStorage.setItem('stratos.preferences.u1', JSON.stringify({ data: { theme: 'purple' }, savedAt: 1 }));
    expect(readPersistedPreferences('u1')).toBeNull();
    localStorage.setItem('stratos.preferences.u1', '{nope');
    expect(readPersistedPreferences('u1')).toBeNull();
  });
});
