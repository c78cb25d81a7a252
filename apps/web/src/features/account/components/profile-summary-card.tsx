import { CalendarOutlined, ClockCircleOutlined, MailOutlined } from '@ant-design/icons';
import type { PublicUser } from '@stratos/contracts/auth/user.schema';
import { Avatar, Card, Divider, Flex, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime, formatLongDate, formatRelative } from '../../../lib/date-format';
import { useShades } from '../../../lib/palette';
import { usePlanName } from '../../../lib/plans/plan-name';

const ROLE_LABEL: Record<PublicUser['role'], string> = {
  user: 'User',
  admin: 'Admin',
  superadmin: 'Superadmin',
};
const ROLE_COLOR: Record<PublicUser['role'], string> = {
  user: 'default',
  admin: 'blue',
  superadmin: 'purple',
};

export function initials(user: Pick<PublicUser, 'firstName' | 'lastName' | 'email'>): string {
  const fromName = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (fromName || user.email.charAt(0)).toUpperCase();
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Flex gap={12} align="flex-start">
      <Typography.Text type="secondary" style={{ fontSize: 16, lineHeight: '22px' }}>
        {icon}
      </Typography.Text>
      <div style={{ minWidth: 0 }}>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {label}
        </Typography.Text>
        <Typography.Text style={{ wordBreak: 'break-word' }}>{children}</Typography.Text>
      </div>
    </Flex>
  );
}

/** Who you are at a glance: avatar, name, role, plan, email and dates. */
export function ProfileSummaryCard({ user }: { user: PublicUser }) {
  const { token } = theme.useToken();
  // White words on the gradient: it starts from the brand fill that carries white text.
  const shades = useShades();
  const plan = usePlanName(user.subscriptionPlan);
  return (
    <Card>
      <Flex vertical align="center" style={{ textAlign: 'center' }}>
        <Avatar
          size={88}
          style={{
            fontSize: 32,
            fontWeight: 600,
            color: token.colorWhite,
            background: `linear-gradient(135deg, ${shades.fill.base}, ${token.purple6})`,
          }}
        >
          {initials(user)}
        </Avatar>
        <Typography.Title level={4} style={{ margin: '16px 0 4px' }}>
          {user.name || user.email}
        </Typography.Title>
        {user.company && <Typography.Text type="secondary">{user.company}</Typography.Text>}
        <Flex gap={6} wrap justify="center" style={{ marginTop: 12 }}>
          <Tag color={ROLE_COLOR[user.role]}>{ROLE_LABEL[user.role]}</Tag>
          <Tag color="geekblue">{plan} plan</Tag>
        </Flex>
      </Flex>
      <Divider />
      <Flex vertical gap={16}>
        <Fact icon={<MailOutlined aria-hidden />} label="Email">
          {user.email}
        </Fact>
        <Fact icon={<CalendarOutlined aria-hidden />} label="Member since">
          {formatLongDate(user.createdAt)}
        </Fact>
        <Fact icon={<ClockCircleOutlined aria-hidden />} label="Last sign-in">
          {user.lastLoginAt ? (
            <span title={formatDateTime(user.lastLoginAt)}>{formatRelative(user.lastLoginAt)}</span>
          ) : (
            'Never'
          )}
        </Fact>
      </Flex>
    </Card>
  );
}
