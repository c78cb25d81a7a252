import { useEffect } from 'react';
import { useCurrentRoute } from '../routing/use-current-route';

const PRODUCT = 'Stratos';

/** Sets the tab title from the route table's title for the current page. */
export function useDocumentTitle() {
  const route = useCurrentRoute();
  useEffect(() => {
    if (!route) document.title = `Page not found · ${PRODUCT}`;
    else if (route.id === 'home') document.title = `${PRODUCT} — intelligence beyond storage`;
    else document.title = `${route.title} · ${PRODUCT}`;
  }, [route]);
}
