import type { SessionUser } from '../../lib/auth-session';
import { useShades } from '../../lib/palette';
import { type DisclosureEntry, DisclosureMenu } from './disclosure-menu';
import { ACCOUNT_MENU, type NavItem, SUPERADMIN_MENU, withSoon } from './nav-items';
import { useSignOut } from './use-sign-out';
import { userInitials } from './user-initials';

/** The avatar menu: Profile, Billing, the superadmin's extras and Logout; closes on outside click. */
export function AccountMenu({ user, showName = true }: { user: SessionUser; showName?: boolean }) {
  // White words on the gradient: it starts from the brand fill that carries white text.
  const shades = useShades();
  const signOut = useSignOut();
  const link = (i: NavItem): DisclosureEntry => ({
    kind: 'link',
    key: i.to,
    label: i.label,
    to: i.to,
    soon: i.soon,
  });
  const entries: DisclosureEntry[] = [
    {
      kind: 'heading',
      key: 'who',
      label: (
        <span style={{ display: 'block', maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          Signed in as {user.email}
        </span>
      ),
    },
    ...withSoon(ACCOUNT_MENU).map(link),
    ...(user.role === 'superadmin'
      ? [
          { kind: 'divider' as const, key: 'd-sa' },
          { kind: 'heading' as const, key: 'h-sa', label: 'Superadmin' },
          ...withSoon(SUPERADMIN_MENU).map(link),
        ]
      : []),
    { kind: 'divider', key: 'd-out' },
    { kind: 'action', key: 'logout', label: 'Logout', danger: true, onSelect: () => void signOut() },
  ];
  const firstName = user.name.trim().split(/\s+/)[0] || user.email;
  return (
    <DisclosureMenu
      align="end"
      entries={entries}
      trigger={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <span
            aria-hidden
            style={{
              display: 'inline-grid',
              placeItems: 'center',
              width: 28,
              height: 28,
              borderRadius: '50%',
              flexShrink: 0,
              fontSize: 12,
              fontWeight: 600,
              color: '#fff',
              background: `linear-gradient(135deg, ${shades.fill.base}, #722ed1)`,
            }}
          >
            {userInitials(user.name, user.email)}
          </span>
          {showName ? (
            <>
              <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' }}>{firstName}</span>
              <span className="stratos-visually-hidden">, account menu</span>
            </>
          ) : (
            <span className="stratos-visually-hidden">Account menu for {user.name || user.email}</span>
          )}
        </span>
      }
      triggerStyle={{ paddingInline: 6 }}
    />
  );
}
