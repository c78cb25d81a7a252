import {
  BarChartOutlined,
  DashboardOutlined,
  FolderOutlined,
  MessageOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { theme } from 'antd';
import { Link, useLocation } from 'react-router';
import { isActivePath } from '../../lib/route-access';

/** Part 1 section 2: the phone's bottom navigation for signed-in people. */
export const BOTTOM_NAV = [
  { label: 'Dashboard', to: '/dashboard', icon: <DashboardOutlined /> },
  { label: 'Files', to: '/files', icon: <FolderOutlined /> },
  { label: 'AI Chat', to: '/ai-chat', icon: <MessageOutlined /> },
  { label: 'Analytics', to: '/analytics', icon: <BarChartOutlined /> },
  { label: 'Settings', to: '/settings', icon: <SettingOutlined /> },
] as const;

export const BOTTOM_NAV_HEIGHT = 60; // app-shell.tsx reserves the same room

export function MobileBottomNav() {
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Bottom navigation"
      style={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 100,
        paddingBottom: 'env(safe-area-inset-bottom)',
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        boxShadow: token.boxShadowTertiary,
      }}
    >
      <ul style={{ display: 'flex', margin: 0, padding: 0, listStyle: 'none', height: BOTTOM_NAV_HEIGHT }}>
        {BOTTOM_NAV.map((item) => {
          const active = isActivePath(pathname, item.to);
          return (
            <li key={item.to} style={{ flex: 1 }}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                style={{
                  height: '100%',
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'center',
                  gap: 2,
                  fontSize: 11,
                  fontWeight: active ? 600 : 400,
                  color: active ? token.colorPrimaryText : token.colorTextSecondary,
                }}
              >
                <span style={{ fontSize: 20 }} aria-hidden>
                  {item.icon}
                </span>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
