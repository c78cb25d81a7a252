import type { AppRoute } from '../route-types';

const PRODUCT = 'Stratos';

/**
 * The mobile header's title (part 1 section 2): the route table's title for the page on screen, so
 * a new route gets its title in one place. The home page and unknown paths show the product name.
 */
export function mobileTitleFor(route: AppRoute | undefined): string {
  return !route || route.id === 'home' ? PRODUCT : route.title;
}
