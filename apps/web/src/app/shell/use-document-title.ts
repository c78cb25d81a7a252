import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../route-types';

const PRODUCT = 'Stratos';

/** Sets the tab title from the route table's title for the current page. */
export function useDocumentTitle() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const route = handle?.route;
  useEffect(() => {
    if (!route) document.title = `Page not found · ${PRODUCT}`;
    else if (route.id === 'home') document.title = `${PRODUCT} — intelligence beyond storage`;
    else document.title = `${route.title} · ${PRODUCT}`;
  }, [route]);
}
