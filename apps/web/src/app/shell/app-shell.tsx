import { theme } from 'antd';
import { type CSSProperties, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSession } from '../../lib/auth-session';
import { layoutFor } from '../routes';
import { useCurrentRoute } from '../routing/use-current-route';
import { AuthLayout } from './auth-layout';
import {
  LazyIdleWarning,
  LazyLiveEventsFollower,
  LazyMobileBottomNav,
  LazyMobileHeader,
  LazyThemePreferenceSync,
} from './lazy-chrome';
import { scrollRestorationKey } from './scroll-restoration-key';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useDocumentTitle } from './use-document-title';
import { useIsMobile } from './use-media-query';

/** Matches mobile-bottom-nav.tsx and mobile-header.tsx, so the placeholders reserve the same room. */
const BOTTOM_NAV_HEIGHT = 60;
const MOBILE_HEADER_HEIGHT = 56;

/**
 * The application shell. Auth pages get a clean layout without header or footer; the home page a
 * transparent header over its hero and no footer; every other page the header, a content column
 * and the footer. Signed-in phones get the mobile header and bottom navigation; signed-in people
 * get the idle warning.
 */
export function AppShell() {
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const session = useSession();
  const isMobile = useIsMobile();
  useDocumentTitle();

  const layout = layoutFor(pathname);
  const signedIn = session.status === 'signedIn';
  // The idle warning, the account's theme applied to this browser, and storage views refreshed
  // when something changes elsewhere (another tab, a finished analysis).
  const idle = signedIn ? (
    <Suspense fallback={null}>
      <LazyIdleWarning />
      <LazyThemePreferenceSync user={session.user} />
      <LazyLiveEventsFollower />
    </Suspense>
  ) : null;
  const base = {
    '--stratos-link': token.colorLink,
    '--stratos-link-hover': token.colorLinkHover,
    color: token.colorText,
    fontFamily: token.fontFamily,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
  } as CSSProperties;

  if (layout === 'auth') {
    return (
      <div style={base}>
        <ScrollRestoration getKey={scrollRestorationKey} />
        <AuthLayout>
          <Outlet />
        </AuthLayout>
        {idle}
      </div>
    );
  }

  const mobileApp = isMobile && session.status === 'signedIn';
  const fullBleed = route?.fullBleed ?? false;
  return (
    <div
      style={{
        ...base,
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgLayout,
        paddingBottom: mobileApp ? `calc(${BOTTOM_NAV_HEIGHT}px + env(safe-area-inset-bottom))` : undefined,
      }}
    >
      <ScrollRestoration getKey={scrollRestorationKey} />
      <a href="#main" className="stratos-skip-link">
        Skip to content
      </a>
      {mobileApp ? (
        <Suspense fallback={<div style={{ height: MOBILE_HEADER_HEIGHT }} />}>
          <LazyMobileHeader user={session.user} />
        </Suspense>
      ) : (
        <SiteHeader transparent={layout === 'home'} />
      )}
      <main id="main" style={{ flex: 1, width: '100%' }}>
        {fullBleed ? (
          <Outlet />
        ) : (
          <div
            style={{ width: '100%', maxWidth: 1200, margin: '0 auto', padding: isMobile ? 16 : '32px 24px' }}
          >
            <Outlet />
          </div>
        )}
      </main>
      {layout !== 'home' && <SiteFooter />}
      {mobileApp && (
        <Suspense fallback={null}>
          <LazyMobileBottomNav />
        </Suspense>
      )}
      {idle}
    </div>
  );
}
