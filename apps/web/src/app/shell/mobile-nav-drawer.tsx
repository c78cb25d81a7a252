import { LogoutOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { SessionUser } from '../../lib/auth-session';
import { LinkButton } from '../../lib/link-button';
import { DrawerNav } from './drawer-nav';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';
import { useSignOut } from './use-sign-out';

interface MobileNavDrawerProps {
  open: boolean;
  onClose(): void;
  user: SessionUser | null;
}

/** The phone and tablet menu: every page this person may open, the theme switch, sign in or out. */
export default function MobileNavDrawer({ open, onClose, user }: MobileNavDrawerProps) {
  const { pathname } = useLocation();
  const signOut = useSignOut();
  // Following a link closes the drawer.
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    onClose();
  }, [pathname, onClose]);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={300}
      title={<Logo tagline={false} />}
      extra={<ThemeToggle />}
      styles={{ body: { padding: '8px 0' } }}
      footer={
        user ? (
          <Button block icon={<LogoutOutlined />} onClick={() => void signOut()}>
            Sign Out
          </Button>
        ) : (
          <div style={{ display: 'flex', gap: 8 }}>
            <LinkButton to="/login" block>
              Sign In
            </LinkButton>
            <LinkButton to="/register" block type="primary">
              Get Started
            </LinkButton>
          </div>
        )
      }
    >
      <DrawerNav user={user} />
    </Drawer>
  );
}
