import { ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';
import { ThemeModeProvider, useThemeMode } from '../lib/theme-mode';

function ThemedAnt({ children }: { children: ReactNode }) {
  const { mode } = useThemeMode();
  return (
    <ConfigProvider
      theme={{
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { colorPrimary: '#1890ff', borderRadius: 8, zIndexPopupBase: 1000 },
        // Ghost buttons always sit on the brand gradient, so they stay white in both themes.
        components: {
          Button: { defaultGhostColor: '#fff', defaultGhostBorderColor: 'rgba(255,255,255,0.75)' },
        },
      }}
    >
      {children}
    </ConfigProvider>
  );
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
