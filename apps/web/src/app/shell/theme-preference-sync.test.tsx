import { DEFAULT_PREFERENCES, type Preferences } from '@stratos/contracts/preferences/preferences.schema';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeModeProvider, useThemeMode } from '../../lib/theme-mode';

const user = { id: 'u-1', email: 'a@b.io', name: 'A', role: 'user' as const, permissions: [] };
vi.mock('../../lib/auth-session', () => ({ useSession: () => ({ status: 'signedIn', user }) }));
const apiRequest = vi.fn();
vi.mock('../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
const { ThemePreferenceSync } = await import('./theme-preference-sync');
const { saveThemePreference } = await import('./save-theme-preference');
const { queryClient } = await import('../query-client');

const prefs = (over: Partial<Preferences>): Preferences => ({ ...DEFAULT_PREFERENCES, ...over });
let mode = '';
let setMode: (m: 'light' | 'dark') => void = () => {};
function ShowMode() {
  const ctx = useThemeMode();
  mode = ctx.mode;
  setMode = ctx.setMode;
  return null;
}
const renderSync = () =>
  render(
    <ThemeModeProvider>
      <ShowMode />
      <ThemePreferenceSync user={user} />
    </ThemeModeProvider>,
  );
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

describe('the account theme in this browser', () => {
  beforeEach(() => {
    localStorage.clear();
    queryClient.clear();
    apiRequest.mockReset();
  });
  afterEach(cleanup);

  it('takes the theme the account holds at sign-in, over this browser’s own choice', async () => {
    localStorage.setItem('theme', 'light');
    apiRequest.mockResolvedValue({ success: true, data: prefs({ theme: 'dark', dark_mode: true }) });
    renderSync();
    await settle();
    expect(apiRequest).toHaveBeenCalledWith('/user-preferences', expect.anything());
    expect(mode).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('follows the system when the account says system', async () => {
    localStorage.setItem('theme', 'dark');
    apiRequest.mockResolvedValue({ success: true, data: prefs({ theme: 'system' }) });
    renderSync();
    await settle();
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('saves the header switch to the account and puts the account theme back when the save fails', async () => {
    apiRequest.mockResolvedValueOnce({ success: true, data: prefs({ theme: 'light' }) });
    renderSync();
    await settle();
    expect(mode).toBe('light');

    apiRequest.mockResolvedValueOnce({
      success: true,
      updated_fields: ['theme', 'dark_mode'],
      data: prefs({ theme: 'dark', dark_mode: true }),
    });
    await act(() => saveThemePreference(user.id, 'dark'));
    await settle();
    expect(apiRequest).toHaveBeenLastCalledWith(
      '/user-preferences',
      expect.objectContaining({ method: 'PUT', body: { theme: 'dark' } }),
    );
    expect(mode).toBe('dark');

    apiRequest.mockRejectedValueOnce(new TypeError('offline'));
    apiRequest.mockResolvedValue({ success: true, data: prefs({ theme: 'dark', dark_mode: true }) });
    // What the header switch does: the page turns light at once, then the save fails.
    act(() => setMode('light'));
    expect(mode).toBe('light');
    await act(() => saveThemePreference(user.id, 'light'));
    await settle();
    expect(mode).toBe('dark');
  });
});
