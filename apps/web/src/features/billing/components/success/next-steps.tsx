import {
  CloudUploadOutlined,
  CustomerServiceOutlined,
  ReadOutlined,
  RightOutlined,
  RobotOutlined,
  SettingOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { Card, Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LinkButton } from '../../../../lib/link-button';
import styles from '../billing.module.css';

const STEPS: { icon: ReactNode; title: string; text: string; to: string }[] = [
  {
    icon: <CloudUploadOutlined />,
    title: 'Upload your files',
    text: 'Drag in folders of any size.',
    to: '/files',
  },
  {
    icon: <RobotOutlined />,
    title: 'Chat with the AI assistant',
    text: 'Ask anything; your documents get summaries of their own.',
    to: '/ai',
  },
  {
    icon: <SettingOutlined />,
    title: 'Set up your workspace',
    text: 'Tell us how you work in five steps.',
    to: '/onboarding',
  },
  {
    icon: <ShareAltOutlined />,
    title: 'Share a file',
    text: 'Send a link, with a password or an end date if you like.',
    to: '/files',
  },
];

/** Next-step actions and the help buttons of the success page. */
export function NextSteps() {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={16} style={{ height: '100%' }}>
      <Card title="Next steps" role="region" aria-label="Next steps" styles={{ body: { padding: 8 } }}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {STEPS.map((s) => (
            <li key={s.title}>
              <Link
                to={s.to}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 14,
                  padding: '12px 12px',
                  borderRadius: token.borderRadius,
                  color: token.colorText,
                  ['--billing-row-hover' as string]: token.colorFillTertiary,
                }}
                className={styles.linkRow}
              >
                <span
                  aria-hidden
                  style={{
                    width: 36,
                    height: 36,
                    flexShrink: 0,
                    display: 'grid',
                    placeItems: 'center',
                    borderRadius: 10,
                    color: token.colorPrimary,
                    background: token.colorPrimaryBg,
                    fontSize: 17,
                  }}
                >
                  {s.icon}
                </span>
                <span style={{ flex: 1, minWidth: 0 }}>
                  <span style={{ display: 'block', fontWeight: 600 }}>{s.title}</span>
                  <span style={{ display: 'block', fontSize: 13, color: token.colorTextSecondary }}>
                    {s.text}
                  </span>
                </span>
                <RightOutlined aria-hidden style={{ color: token.colorTextQuaternary }} />
              </Link>
            </li>
          ))}
        </ul>
      </Card>
      <Card title="Need a hand?" role="region" aria-label="Help" size="small">
        <Flex gap={8} wrap>
          <LinkButton to="/contact" icon={<CustomerServiceOutlined aria-hidden />}>
            Contact Support
          </LinkButton>
          <LinkButton to="/pricing" icon={<ReadOutlined aria-hidden />}>
            Billing FAQ
          </LinkButton>
        </Flex>
      </Card>
    </Flex>
  );
}
