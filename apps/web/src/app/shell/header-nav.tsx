import { Link, useLocation } from 'react-router';
import type { SessionUser } from '../../lib/auth-session';
import { isActivePath } from '../../lib/route-access';
import { type DisclosureEntry, DisclosureMenu } from './disclosure-menu';
import { type NavItem, navSections } from './nav-items';
import { SoonTag } from './soon-tag';

const toEntries = (items: NavItem[]): DisclosureEntry[] =>
  items.map((i) => ({ kind: 'link', key: i.to, label: i.label, to: i.to, soon: i.soon }));

/**
 * Desktop navigation. Visitors see the public pages; signed-in people see their workspace, an
 * Admin menu when their role allows it, and the public pages under Explore.
 */
export function HeaderNav({ user }: { user: SessionUser | null }) {
  const { pathname } = useLocation();
  const s = navSections(user);
  const links = user ? s.app : s.public;
  const adminEntries: DisclosureEntry[] = [
    ...toEntries(s.admin),
    ...(s.superadmin.length
      ? [
          { kind: 'divider' as const, key: 'd-platform' },
          { kind: 'heading' as const, key: 'h-platform', label: 'Platform' },
          ...toEntries(s.superadmin),
        ]
      : []),
  ];
  const activeIn = (items: NavItem[]) => items.some((i) => isActivePath(pathname, i.to));
  return (
    <nav aria-label="Main" style={{ display: 'flex', alignItems: 'center', gap: 2, flex: 1, minWidth: 0 }}>
      {links.map((item) => (
        <Link
          key={item.to}
          to={item.to}
          className="stratos-nav-link"
          aria-current={isActivePath(pathname, item.to) ? 'page' : undefined}
        >
          {item.label}
          {item.soon && <SoonTag />}
        </Link>
      ))}
      {user && adminEntries.length > 0 && (
        <DisclosureMenu
          trigger="Admin"
          entries={adminEntries}
          triggerClassName={`stratos-nav-link${activeIn([...s.admin, ...s.superadmin]) ? ' is-active' : ''}`}
        />
      )}
      {user && (
        <DisclosureMenu
          trigger="Explore"
          entries={toEntries(s.public)}
          triggerClassName={`stratos-nav-link${activeIn(s.public) ? ' is-active' : ''}`}
        />
      )}
    </nav>
  );
}
