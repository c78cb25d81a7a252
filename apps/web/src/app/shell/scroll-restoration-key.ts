import type { Location } from 'react-router';

/**
 * The key under which <ScrollRestoration> saves and restores a page's scroll position. React
 * Router keys every entry opened by a full page load (a typed URL, a link from outside, a fresh
 * tab) as 'default', so by default such a page would open at the position of whichever other
 * page was last loaded that way in the tab. Those entries are keyed by their path instead: a
 * reload still comes back to where it was, another page starts at the top.
 */
export function scrollRestorationKey(location: Pick<Location, 'key' | 'pathname'>): string {
  return location.key === 'default' ? `default:${location.pathname}` : location.key;
}
