import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyThemeLocally } from './apply-theme';

describe('applyThemeLocally', () => {
  afterEach(() => localStorage.clear());

  it('sets light or dark directly', () => {
    const setMode = vi.fn();
    applyThemeLocally('dark', setMode);
    expect(setMode).toHaveBeenCalledWith('dark');
  });

  it('shows the system mode for system and forgets the stored choice', () => {
    const setMode = vi.fn((mode: string) => localStorage.setItem('theme', mode));
    applyThemeLocally('system', setMode);
    expect(setMode).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('theme')).toBeNull();
  });
});
