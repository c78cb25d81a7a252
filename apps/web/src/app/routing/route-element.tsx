import { type ReactNode, Suspense } from 'react';
import type { AppRoute } from '../route-types';
import { CenteredSpinner } from '../status/centered-spinner';
import { lazyPage, PageLoadBoundary } from './lazy-page';
import { RequireAccess } from './require-access';

const ComingSoonPage = lazyPage(
  'Coming Soon',
  () => import('../../features/placeholders/pages/coming-soon-page'),
);
const RedirectPage = lazyPage('Redirect', () => import('../../features/placeholders/pages/redirect-page'));

function pageFor(route: AppRoute): ReactNode {
  const { source } = route;
  switch (source.kind) {
    case 'page': {
      const Page = lazyPage(route.title, source.load, source.scope);
      return <Page />;
    }
    case 'comingSoon':
      return (
        <ComingSoonPage title={route.title} capability={source.capability} description={source.description} />
      );
    case 'redirect':
      return <RedirectPage to={source.to} message={source.message} />;
  }
}

/** One element per table entry, shared by its aliases: guard, then load-error box, then the lazy page. */
export function routeElement(route: AppRoute): ReactNode {
  const Denied = route.denied && lazyPage(route.title, route.denied);
  return (
    <RequireAccess
      rule={route.access}
      denied={
        Denied && (
          <Suspense fallback={<CenteredSpinner delay={150} />}>
            <Denied />
          </Suspense>
        )
      }
    >
      <PageLoadBoundary title={route.title}>
        <Suspense fallback={<CenteredSpinner delay={150} />}>{pageFor(route)}</Suspense>
      </PageLoadBoundary>
    </RequireAccess>
  );
}
