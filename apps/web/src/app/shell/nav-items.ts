import type { SessionUser } from '../../lib/auth-session';
import { canReach } from '../../lib/route-access';
import { routeForPath } from '../routes';

export interface NavItem {
  label: string;
  to: string;
  /** The page is still a coming-soon placeholder: menus mark the entry "Soon" (set from the route table). */
  soon?: boolean;
}

/** True when `to` leads to a coming-soon placeholder of the route table. */
export function isComingSoon(to: string): boolean {
  return routeForPath(to)?.source.kind === 'comingSoon';
}

/** The items with `soon` set from the route table: no menu can forget a placeholder. */
export function withSoon(items: readonly NavItem[]): NavItem[] {
  return items.map((item) => ({ ...item, soon: isComingSoon(item.to) }));
}

/** Header entries; whether each shows is decided by its route's access rule in the route table. */
export const NAV_GROUPS = {
  public: [
    { label: 'Enterprise Intelligence', to: '/enterprise-intelligence' },
    { label: 'Merch Store', to: '/merch-store' },
    { label: 'John 3:16', to: '/john316' },
    { label: 'Security', to: '/security' },
    { label: 'Pricing', to: '/pricing' },
  ],
  app: [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Files', to: '/files' },
    { label: 'AI', to: '/ai' },
    { label: 'Workflows', to: '/workflows' },
    { label: 'Analytics', to: '/analytics' },
    { label: 'Billing', to: '/billing' },
  ],
  admin: [
    { label: 'Admin Dashboard', to: '/admin-dashboard' },
    { label: 'Audit Log', to: '/audit-log' },
    // The superadmin's alone (its route's rule): only admins of that rank see it.
    { label: 'Mail Outbox', to: '/admin/outbox' },
  ],
  superadmin: [
    { label: 'Superadmin Panel', to: '/superadmin-panel' },
    { label: 'Business Intelligence', to: '/superadmin-business-intelligence' },
    { label: 'Financial Overview', to: '/superadmin-financial' },
    { label: 'Platform Settings', to: '/platform/settings' },
  ],
} satisfies Record<string, NavItem[]>;

/** The user dropdown (part 1 section 2): Profile and Billing, plus the superadmin's extras. */
export const ACCOUNT_MENU: NavItem[] = [
  { label: 'Profile', to: '/profile' },
  { label: 'Billing', to: '/settings?tab=billing' },
];

export const SUPERADMIN_MENU: NavItem[] = [
  { label: 'Superadmin Panel', to: '/superadmin-panel' },
  { label: 'Integration Tests', to: '/platform/integration-tests' },
  { label: 'AI Learning Interface', to: '/ai/superadmin-learning' },
];

/** The entries of `items` whose route this user may open (menus and guard share one rule). */
export function visibleItems(items: readonly NavItem[], user: SessionUser | null): NavItem[] {
  return withSoon(
    items.filter((item) => {
      const route = routeForPath(item.to);
      return route ? canReach(user, route.access) : false;
    }),
  );
}

export interface NavSections {
  app: NavItem[];
  admin: NavItem[];
  superadmin: NavItem[];
  public: NavItem[];
}

/** What this user may see in the navigation, group by group. */
export function navSections(user: SessionUser | null): NavSections {
  return {
    app: visibleItems(NAV_GROUPS.app, user),
    admin: visibleItems(NAV_GROUPS.admin, user),
    superadmin: visibleItems(NAV_GROUPS.superadmin, user),
    public: visibleItems(NAV_GROUPS.public, user),
  };
}
