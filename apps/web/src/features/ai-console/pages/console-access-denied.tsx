import { LockOutlined } from '@ant-design/icons';
import { Result, Typography } from 'antd';
import { useSession } from '../../../lib/auth-session';
import { PlainLinkButton } from '../../../lib/plain-link-button';

/** What anyone but the superadmin sees at /ai/superadmin-learning (part 2 sections 2 and 6). */
export default function ConsoleAccessDenied() {
  const { user } = useSession();
  return (
    <Result
      icon={<LockOutlined />}
      title="Access Denied"
      subTitle={
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
            This AI learning interface is exclusive to the superadmin account.
          </Typography.Paragraph>
          <Typography.Text type="secondary" data-testid="current-user">
            Current user: <strong>{user ? `${user.name} (${user.email})` : 'not signed in'}</strong>
            {user ? `, role ${user.role}` : ''}
          </Typography.Text>
        </>
      }
      extra={
        <PlainLinkButton to="/dashboard" variant="primary">
          Go to your dashboard
        </PlainLinkButton>
      }
    />
  );
}
