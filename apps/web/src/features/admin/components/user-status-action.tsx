import type { Role } from '@stratos/contracts/access/roles';
import type { PublicUser } from '@stratos/contracts/auth/user.schema';
import { App, Button, Tooltip } from 'antd';
import { errorMessage } from '../../../lib/api-error';
import { useUpdateAdminUser } from '../api/update-user';

interface Props {
  user: PublicUser;
  viewer: { id: string; role: Role };
}

/** Disable (ends their sessions) or enable an account, after a confirmation. */
export function UserStatusAction({ user, viewer }: Props) {
  const update = useUpdateAdminUser();
  const { modal, message } = App.useApp();
  const disabled = user.status === 'disabled';
  const label = disabled ? 'Enable' : 'Disable';
  const blockedReason =
    viewer.id === user.id
      ? 'You cannot disable your own account'
      : viewer.role !== 'superadmin' && user.role !== 'user'
        ? 'Only a superadmin can change an admin account'
        : null;

  const confirm = () =>
    modal.confirm({
      title: `${label} ${user.email}?`,
      content: disabled
        ? 'They can sign in again.'
        : 'They are signed out everywhere and cannot sign in until an admin enables the account again.',
      okText: label,
      okButtonProps: { danger: !disabled },
      onOk: async () => {
        try {
          await update.mutateAsync({ id: user.id, patch: { disabled: !disabled } });
          message.success(`${user.email} ${disabled ? 'enabled' : 'disabled'}`);
        } catch (err) {
          message.error(errorMessage(err, `Could not ${label.toLowerCase()} the account.`));
        }
      },
    });

  const button = (
    <Button
      size="small"
      danger={!disabled}
      disabled={blockedReason !== null}
      loading={update.isPending}
      onClick={confirm}
      aria-label={`${label} ${user.email}`}
    >
      {label}
    </Button>
  );
  return blockedReason ? <Tooltip title={blockedReason}>{button}</Tooltip> : button;
}
