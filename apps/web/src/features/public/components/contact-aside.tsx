import { MailOutlined, SafetyOutlined, TeamOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** What happens after sending, and where else to look. */
export function ContactAside() {
  const { token } = theme.useToken();
  const item = (icon: ReactNode, title: string, body: ReactNode) => (
    <li style={{ display: 'flex', gap: 14 }}>
      <span
        aria-hidden
        style={{
          flexShrink: 0,
          width: 40,
          height: 40,
          borderRadius: 12,
          display: 'grid',
          placeItems: 'center',
          fontSize: 18,
          color: token.colorPrimary,
          background: token.colorPrimaryBg,
        }}
      >
        {icon}
      </span>
      <div>
        <h3 style={{ margin: '0 0 4px', fontSize: 15, color: token.colorTextHeading }}>{title}</h3>
        <p style={{ margin: 0, color: token.colorTextSecondary, fontSize: 14, lineHeight: 1.6 }}>{body}</p>
      </div>
    </li>
  );
  return (
    <aside aria-label="About contacting us">
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 24 }}>
        {item(
          <MailOutlined />,
          'A person reads every message',
          'Your message goes to our team, not to a bot. We reply to the email address you give.',
        )}
        {item(
          <TeamOutlined />,
          'Enterprise and sales',
          'Planning a rollout for your organisation? Tell us the size of your team and what you need to store.',
        )}
        {item(
          <SafetyOutlined />,
          'Security reports',
          <>
            Found a vulnerability? Use the subject “Security report”. Our{' '}
            <Link to="/security">security page</Link> explains how we protect your data.
          </>,
        )}
      </ul>
    </aside>
  );
}
