import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SessionUser } from '../../lib/auth-session';
import { usePreferences } from '../../lib/preferences/api/get-preferences';
import { useThemeMode } from '../../lib/theme-mode';
import { queryClient } from '../query-client';

function Sync() {
  const { setMode } = useThemeMode();
  const prefs = usePreferences();
  const theme = prefs.data?.theme;
  const updatedAt = prefs.dataUpdatedAt;
  // Every time the account's copy arrives or changes (sign-in, a reload, a save here or in
  // Settings, a reset), the page takes its theme: the account is the one source of truth.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-apply on each new copy, even an equal one.
  useEffect(() => {
    if (theme) setMode(theme);
  }, [theme, updatedAt, setMode]);
  return null;
}

/**
 * Applies the signed-in account's stored theme (GET /api/user-preferences) to this browser, so a
 * second browser shows what the first one chose. Loaded lazily, for signed-in people only.
 */
export function ThemePreferenceSync({ user }: { user: SessionUser }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Sync key={user.id} />
    </QueryClientProvider>
  );
}
