import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { type CSSProperties, Suspense } from 'react';
import { useSession } from '../../lib/auth-session';
import { PlainLinkButton } from '../../lib/plain-link-button';
import { AccountMenu } from './account-menu';
import { HeaderNav } from './header-nav';
import { headerVars } from './header-vars';
import { LazyHeaderBilling } from './lazy-chrome';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';
import { useIsDesktop, useIsMobile, useIsWide } from './use-media-query';
import { useNavDrawer } from './use-nav-drawer';
import { useSignOut } from './use-sign-out';

/** The site header: logo, role-filtered navigation, theme switch and account actions. */
export function SiteHeader({ transparent = false }: { transparent?: boolean }) {
  const { token } = theme.useToken();
  const session = useSession();
  const user = session.user;
  const isMobile = useIsMobile();
  const isDesktop = useIsDesktop();
  const isWide = useIsWide();
  const signOut = useSignOut();
  const drawer = useNavDrawer(user);
  const onHero = transparent;

  const shell: CSSProperties = onHero
    ? { position: 'absolute', insetInline: 0, top: 0, zIndex: 20, color: '#fff' }
    : {
        position: 'sticky',
        top: 0,
        zIndex: 100,
        color: token.colorText,
        background: `color-mix(in srgb, ${token.colorBgContainer} 88%, transparent)`,
        backdropFilter: 'saturate(180%) blur(12px)',
        WebkitBackdropFilter: 'saturate(180%) blur(12px)',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      };

  return (
    <header style={{ ...shell, ...headerVars(token, onHero) }}>
      <div
        style={{
          maxWidth: 1200,
          margin: '0 auto',
          height: 64,
          display: 'flex',
          alignItems: 'center',
          gap: isDesktop ? 20 : 8,
          padding: isMobile ? '0 12px' : '0 24px',
        }}
      >
        {!isDesktop && (
          <button
            type="button"
            className="stratos-icon-button"
            aria-label="Open menu"
            onClick={drawer.open}
            onPointerEnter={drawer.preload}
            onFocus={drawer.preload}
          >
            <MenuOutlined aria-hidden />
          </button>
        )}
        <Logo inverted={onHero} tagline={isWide || (!isDesktop && !isMobile)} />
        {isDesktop ? <HeaderNav user={user} /> : <div style={{ flex: 1 }} />}
        <div style={{ display: 'flex', alignItems: 'center', gap: isMobile ? 4 : 8, flexShrink: 0 }}>
          <ThemeToggle />
          {session.status === 'signedIn' && (
            <>
              <Suspense fallback={null}>
                <LazyHeaderBilling user={session.user} showCredits={!isMobile} />
              </Suspense>
              <AccountMenu user={session.user} showName={!isMobile} />
              {isWide && (
                <button type="button" className="stratos-nav-link" onClick={() => void signOut()}>
                  <LogoutOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
                  Sign Out
                </button>
              )}
            </>
          )}
          {session.status === 'signedOut' && (
            <>
              {!isMobile && (
                <PlainLinkButton to="/login" variant="text">
                  Sign In
                </PlainLinkButton>
              )}
              <PlainLinkButton to="/register" variant="primary">
                Get Started
              </PlainLinkButton>
            </>
          )}
        </div>
      </div>
      {drawer.element}
    </header>
  );
}
