import { isActivePath } from '../../lib/route-access';

/** Part 1 section 2: the mobile header's title by path; other paths show the product name. */
const TITLES: readonly [string, string][] = [
  ['/dashboard', 'Dashboard'],
  ['/files', 'Files'],
  ['/ai-chat', 'AI Chat'],
  ['/analytics', 'Analytics'],
  ['/settings', 'Settings'],
  ['/pricing', 'Pricing'],
  ['/profile', 'Profile'],
];

export function mobileTitleFor(pathname: string): string {
  return TITLES.find(([path]) => isActivePath(pathname, path))?.[1] ?? 'Stratos';
}
