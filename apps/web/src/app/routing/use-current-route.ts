import { useMatches } from 'react-router';
import type { AppRoute, RouteHandle } from '../route-types';

/** The route table's entry for the page on screen; undefined on the not-found page. */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  return (matches.at(-1)?.handle as RouteHandle | undefined)?.route;
}
