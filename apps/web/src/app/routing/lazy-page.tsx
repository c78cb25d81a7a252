import { Component, type ErrorInfo, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import type { AnyPage, PageModule } from '../route-types';
import { PageLoadErrorBox } from '../status/page-load-error-box';

/** A page's code could not be fetched (offline, or a new deployment replaced the chunk). */
export class PageLoadError extends Error {
  constructor(
    readonly page: string,
    cause: unknown,
  ) {
    super(`${page} could not be loaded`, { cause });
    this.name = 'PageLoadError';
  }
}

/**
 * React.lazy for a page: fetches the page and its scope (the query client, and antd's `<App>`
 * unless `scope` is 'queries') in parallel, and tags an import failure so only a failed load shows
 * the loading-error box.
 */
export function lazyPage(
  title: string,
  load: () => Promise<PageModule>,
  scope: 'app' | 'queries' = 'app',
): LazyExoticComponent<AnyPage> {
  return lazy(async () => {
    try {
      if (scope === 'queries') {
        const [page, queries] = await Promise.all([load(), import('./query-scope')]);
        return { default: queries.withQueryScope(page.default) };
      }
      const [page, app] = await Promise.all([load(), import('./page-scope')]);
      return { default: app.withPageScope(page.default) };
    } catch (err) {
      throw new PageLoadError(title, err);
    }
  });
}

interface BoundaryProps {
  title: string;
  children: ReactNode;
}

/** Shows '{page} Loading Error' for a failed chunk; any other error goes on to the route's boundary. */
export class PageLoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(_error: Error, _info: ErrorInfo) {
    // Nothing to report: the box itself tells the user what to do.
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof PageLoadError)) throw error;
    return <PageLoadErrorBox page={this.props.title} />;
  }
}
