import { createBrowserRouter, type RouteObject } from 'react-router';
import type { RouteHandle } from './route-types';
import { APP_ROUTES } from './routes';
import { routeElement } from './routing/route-element';
import { AppShell } from './shell/app-shell';
import { NotFoundPage } from './status/not-found-page';
import { RouteErrorPage } from './status/route-error-page';

/** Every path and alias of the table becomes a child of the shell; the same element serves all aliases. */
export function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = APP_ROUTES.flatMap((route) => {
    const element = routeElement(route);
    const handle: RouteHandle = { route };
    return route.paths.map((path) => ({ path, element, handle }));
  });
  children.push({ path: '*', element: <NotFoundPage /> });
  return [
    {
      element: <AppShell />,
      errorElement: <RouteErrorPage />,
      // A crash inside a page keeps the header and footer around the error screen.
      children: [{ errorElement: <RouteErrorPage />, children }],
    },
  ];
}

export const router = createBrowserRouter(buildRoutes());
