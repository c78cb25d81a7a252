import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { queryClient } from '../query-client';
import type { AnyPage } from '../route-types';

/**
 * Wraps a page in the shared query client only: for a page that uses no `App.useApp()` hooks
 * (the home page), whose first load then leaves antd's `<App>`, modal and message code out.
 */
export function withQueryScope(Page: AnyPage): AnyPage {
  function QueryScopedPage(props: ComponentProps<AnyPage>) {
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  }
  QueryScopedPage.displayName = `QueryScoped(${Page.displayName ?? Page.name ?? 'Page'})`;
  return QueryScopedPage;
}
