import { FolderOutlined, RightOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const LINKS: { to: string; title: string; text: string; icon: ReactNode }[] = [
  { to: '/profile', title: 'Profile', text: 'Your name, company and password.', icon: <UserOutlined /> },
  {
    to: '/settings',
    title: 'Settings',
    text: 'Theme, notifications, privacy and billing.',
    icon: <SettingOutlined />,
  },
  {
    to: '/files',
    title: 'Files',
    text: 'Upload, organise, share and restore your files.',
    icon: <FolderOutlined />,
  },
];

export function QuickLinks() {
  const { token } = theme.useToken();
  return (
    <nav aria-labelledby="quick-links-title">
      <h2 id="quick-links-title" style={{ fontSize: 16, margin: '0 0 12px', color: token.colorTextHeading }}>
        Quick links
      </h2>
      <ul
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(220px, 100%), 1fr))',
          gap: 16,
        }}
      >
        {LINKS.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="dashboard-quick-link"
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 14,
                height: '100%',
                padding: 18,
                borderRadius: token.borderRadiusLG,
                background: token.colorBgContainer,
                color: token.colorText,
                textDecoration: 'none',
              }}
            >
              <span
                aria-hidden
                style={{
                  flexShrink: 0,
                  width: 40,
                  height: 40,
                  borderRadius: 10,
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: 18,
                  color: token.colorPrimary,
                  background: token.colorPrimaryBg,
                }}
              >
                {l.icon}
              </span>
              <span style={{ flex: 1, minWidth: 0 }}>
                <span style={{ display: 'block', fontWeight: 600 }}>{l.title}</span>
                <span style={{ display: 'block', fontSize: 13, color: token.colorTextSecondary }}>
                  {l.text}
                </span>
              </span>
              <RightOutlined aria-hidden style={{ color: token.colorTextTertiary, fontSize: 12 }} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
