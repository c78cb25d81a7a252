import { ArrowLeftOutlined, BellOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SessionUser } from '../../lib/auth-session';
import { useCurrentRoute } from '../routing/use-current-route';
import { headerVars } from './header-vars';
import { LazyHeaderBilling } from './lazy-chrome';
import { mobileTitleFor } from './mobile-title';
import { useNavDrawer } from './use-nav-drawer';

export const MOBILE_HEADER_HEIGHT = 56;

/** Phone header for signed-in people: back, menu, page title, notifications, profile. */
export function MobileHeader({ user }: { user: SessionUser }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const title = mobileTitleFor(useCurrentRoute());
  const drawer = useNavDrawer(user);
  // With no earlier entry in this tab (a deep link), "back" goes to the dashboard instead of leaving.
  const back = () => (location.key === 'default' ? navigate('/dashboard') : navigate(-1));
  return (
    <header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        paddingTop: 'env(safe-area-inset-top)',
        color: token.colorText,
        background: `color-mix(in srgb, ${token.colorBgContainer} 92%, transparent)`,
        backdropFilter: 'saturate(180%) blur(12px)',
        WebkitBackdropFilter: 'saturate(180%) blur(12px)',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        ...headerVars(token, false),
      }}
    >
      <div
        style={{
          height: MOBILE_HEADER_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          paddingInline: 6,
        }}
      >
        <button
          type="button"
          className="stratos-icon-button"
          aria-label="Go back"
          onClick={() => void back()}
        >
          <ArrowLeftOutlined aria-hidden />
        </button>
        <button type="button" className="stratos-icon-button" aria-label="Open menu" onClick={drawer.open}>
          <MenuOutlined aria-hidden />
        </button>
        {/* Not a heading: the page's own h1 names it; this repeats the title where a phone shows it. */}
        <div
          data-testid="mobile-title"
          style={{
            flex: 1,
            margin: 0,
            fontSize: 17,
            fontWeight: 600,
            textAlign: 'center',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            color: token.colorTextHeading,
          }}
        >
          {title}
        </div>
        <Suspense
          fallback={
            <button
              type="button"
              className="stratos-icon-button"
              aria-label="Notifications"
              onClick={() => void navigate('/notifications')}
            >
              <BellOutlined aria-hidden />
            </button>
          }
        >
          <LazyHeaderBilling user={user} showCredits={false} notificationsLink />
        </Suspense>
        <button
          type="button"
          className="stratos-icon-button"
          aria-label="Profile"
          onClick={() => void navigate('/profile')}
        >
          <UserOutlined aria-hidden />
        </button>
      </div>
      {drawer.element}
    </header>
  );
}
