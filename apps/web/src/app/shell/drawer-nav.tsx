import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BranchesOutlined,
  ControlOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DollarOutlined,
  FolderOutlined,
  FundOutlined,
  HeartOutlined,
  InboxOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { SessionUser } from '../../lib/auth-session';
import { isActivePath } from '../../lib/route-access';
import { type NavItem, navSections } from './nav-items';
import { SoonTag } from './soon-tag';

const ICONS: Record<string, ReactNode> = {
  '/enterprise-intelligence': <FundOutlined />,
  '/merch-store': <ShopOutlined />,
  '/john316': <HeartOutlined />,
  '/security': <SafetyCertificateOutlined />,
  '/pricing': <TagsOutlined />,
  '/dashboard': <DashboardOutlined />,
  '/files': <FolderOutlined />,
  '/ai': <RobotOutlined />,
  '/workflows': <BranchesOutlined />,
  '/analytics': <BarChartOutlined />,
  '/billing': <CreditCardOutlined />,
  '/admin-dashboard': <ControlOutlined />,
  '/audit-log': <AuditOutlined />,
  '/admin/outbox': <InboxOutlined />,
  '/superadmin-panel': <AppstoreOutlined />,
  '/superadmin-business-intelligence': <FundOutlined />,
  '/superadmin-financial': <DollarOutlined />,
  '/platform/settings': <SettingOutlined />,
};

/** Every entry this person may open, grouped, for the phone and tablet drawer. */
export function DrawerNav({ user }: { user: SessionUser | null }) {
  const { pathname } = useLocation();
  const s = navSections(user);
  const toItem = (i: NavItem) => ({
    key: i.to,
    icon: ICONS[i.to],
    label: (
      <Link to={i.to}>
        {i.label}
        {i.soon && <SoonTag />}
      </Link>
    ),
  });
  const group = (key: string, label: string, list: NavItem[]) =>
    list.length ? [{ key, type: 'group' as const, label, children: list.map(toItem) }] : [];
  const items: MenuProps['items'] = [
    ...group('g-app', 'Workspace', s.app),
    ...group('g-admin', 'Administration', [...s.admin, ...s.superadmin]),
    ...group('g-public', 'Explore', s.public),
  ];
  const all = [...s.app, ...s.admin, ...s.superadmin, ...s.public];
  return (
    <nav aria-label="Site">
      <Menu
        mode="inline"
        items={items}
        selectedKeys={all.filter((i) => isActivePath(pathname, i.to)).map((i) => i.to)}
        style={{ borderInlineEnd: 'none', background: 'transparent' }}
      />
    </nav>
  );
}
