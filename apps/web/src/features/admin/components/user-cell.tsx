import type { PublicUser } from '@stratos/contracts/auth/user.schema';
import { Avatar, Flex, Typography, theme } from 'antd';

const initials = (u: PublicUser) =>
  (`${u.firstName.trim().charAt(0)}${u.lastName.trim().charAt(0)}` || u.email.charAt(0)).toUpperCase();

/** Avatar, name and email (and company) in one cell. */
export function UserCell({ user }: { user: PublicUser }) {
  const { token } = theme.useToken();
  return (
    <Flex gap={12} align="center" style={{ minWidth: 220 }}>
      <Avatar
        style={{
          flex: 'none',
          background: token.colorPrimaryBg,
          color: token.colorPrimaryText,
          fontWeight: 600,
        }}
      >
        {initials(user)}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Typography.Text strong style={{ display: 'block' }}>
          {user.name || user.email}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {user.email}
          {user.company ? ` · ${user.company}` : ''}
        </Typography.Text>
      </div>
    </Flex>
  );
}
