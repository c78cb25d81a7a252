import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ComponentProps } from 'react';
import { queryClient } from '../query-client';
import type { AnyPage } from '../route-types';

/**
 * Wraps a page in the shared query client and antd's `<App>` (so `App.useApp()` works inside it).
 * Loaded together with each page chunk, never with the shell: the home page's first load stays small.
 */
export function withPageScope(Page: AnyPage): AnyPage {
  function ScopedPage(props: ComponentProps<AnyPage>) {
    return (
      <QueryClientProvider client={queryClient}>
        <App component={false}>
          <Page {...props} />
        </App>
      </QueryClientProvider>
    );
  }
  ScopedPage.displayName = `Scoped(${Page.displayName ?? Page.name ?? 'Page'})`;
  return ScopedPage;
}
