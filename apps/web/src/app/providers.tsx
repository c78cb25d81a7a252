import { ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { ThemeModeProvider, useThemeMode } from '../lib/theme-mode';
import { type ThemeModeName, themeConfig } from './theme';

/** Built once per mode, when first shown: a new object on every render would make antd restyle. */
const THEMES: Partial<Record<ThemeModeName, ThemeConfig>> = {};

function ThemedAnt({ children }: { children: ReactNode }) {
  const { mode } = useThemeMode();
  THEMES[mode] ??= themeConfig(mode);
  return <ConfigProvider theme={THEMES[mode]}>{children}</ConfigProvider>;
}

/**
 * Theme mode and the antd theme around the whole app. The query client and antd's `<App>`
 * (the hooks of `App.useApp()`) are provided around every page by the lazy page loader instead
 * (routing/page-scope.tsx): the shell does not use them, and leaving them out keeps the home
 * page's first load within its budget.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeModeProvider>
      <ThemedAnt>{children}</ThemedAnt>
    </ThemeModeProvider>
  );
}
