import { MailOutlined } from '@ant-design/icons';
import { Spin, Typography, theme } from 'antd';

/** Shown for the two seconds between a successful sign-up and the verification page. */
export function RegisterDone({ message, email }: { message: string; email: string }) {
  const { token } = theme.useToken();
  return (
    <div role="status" style={{ textAlign: 'center', padding: '16px 0 8px' }}>
      <span
        style={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'inline-grid',
          placeItems: 'center',
          fontSize: 28,
          color: token.colorPrimary,
          background: token.colorPrimaryBg,
          marginBottom: 16,
        }}
      >
        <MailOutlined aria-hidden />
      </span>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Check your inbox
      </Typography.Title>
      <Typography.Paragraph>{message}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        We sent a 6-digit code to <Typography.Text strong>{email}</Typography.Text>.
      </Typography.Paragraph>
      <Spin size="small" /> <Typography.Text type="secondary">Taking you to verification…</Typography.Text>
    </div>
  );
}
