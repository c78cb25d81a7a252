import { describe, expect, it } from 'vitest';
import { settingsTabFrom } from './settings-tabs';

describe('settingsTabFrom', () => {
  it('reads known tabs and defaults to general', () => {
    expect(settingsTabFrom('billing')).toBe('billing');
    expect(settingsTabFrom('subscription')).toBe('subscription');
    expect(settingsTabFrom('ai')).toBe('ai');
    expect(settingsTabFrom(null)).toBe('general');
    expect(settingsTabFrom('nope')).toBe('general');
  });
});
