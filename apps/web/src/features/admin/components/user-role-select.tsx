import type { Role } from '@stratos/contracts/access/roles';
import type { PublicUser } from '@stratos/contracts/auth/user.schema';
import { App, Select, Tag, Tooltip } from 'antd';
import { errorMessage } from '../../../lib/api-error';
import { useUpdateAdminUser } from '../api/update-user';
import { ROLE_LABEL } from './user-labels';

const ROLE_COLOR: Record<Role, string> = { user: 'default', admin: 'blue', superadmin: 'purple' };

interface Props {
  user: PublicUser;
  viewer: { id: string; role: Role };
}

/**
 * The role column: a select for a superadmin (admin and superadmin can only be granted by one),
 * a plain tag for everyone else and for the viewer's own row.
 */
export function UserRoleSelect({ user, viewer }: Props) {
  const update = useUpdateAdminUser();
  const { modal, message } = App.useApp();
  const tag = <Tag color={ROLE_COLOR[user.role]}>{ROLE_LABEL[user.role]}</Tag>;
  if (viewer.role !== 'superadmin') {
    return <Tooltip title="Only a superadmin can change roles">{tag}</Tooltip>;
  }
  if (viewer.id === user.id) return <Tooltip title="You cannot change your own role">{tag}</Tooltip>;

  const change = (role: Role) =>
    modal.confirm({
      title: `Make ${user.name || user.email} ${role === 'user' ? 'a user' : `an ${ROLE_LABEL[role].toLowerCase()}`}?`,
      content:
        role === 'user'
          ? 'They lose access to the admin pages.'
          : role === 'admin'
            ? 'They can see every account, read the outbox and audit log, and disable users.'
            : 'They get full control of Stratos, including other admins.',
      okText: 'Change role',
      onOk: async () => {
        try {
          await update.mutateAsync({ id: user.id, patch: { role } });
          message.success(`${user.email} is now ${ROLE_LABEL[role].toLowerCase()}`);
        } catch (err) {
          message.error(errorMessage(err, 'Could not change the role.'));
        }
      },
    });

  return (
    <Select<Role>
      aria-label={`Role of ${user.email}`}
      size="small"
      value={user.role}
      loading={update.isPending}
      onChange={change}
      style={{ width: 130 }}
      options={(['user', 'admin', 'superadmin'] as const).map((r) => ({ value: r, label: ROLE_LABEL[r] }))}
    />
  );
}
