import { useRouteError } from 'react-router';
import { PageLoadError } from '../routing/lazy-page';
import { PageLoadErrorBox } from '../status/page-load-error-box';
import { CrashView } from './crash-view';

/** The router's error element: a failed page load keeps its own box, anything else is a crash. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (error instanceof PageLoadError) return <PageLoadErrorBox page={error.page} />;
  return <CrashView />;
}
