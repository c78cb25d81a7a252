import type { Role } from '@stratos/contracts/access/roles';
import type { PublicUser, UserStatus } from '@stratos/contracts/auth/user.schema';
import { Flex, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../../../lib/auth-session';
import { planName } from '../../../lib/plans/plan-name';
import { usePlansQuery } from '../../../lib/plans/plans-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminUsers } from '../api/list-users';
import { usePager } from '../hooks/use-pager';
import { PagedTable } from './paged-table';
import { SearchFilter } from './search-filter';
import { TimeCell } from './time-cell';
import { UserCell } from './user-cell';
import { ROLE_LABEL, STATUS_META } from './user-labels';
import { UserRoleSelect } from './user-role-select';
import { UserStatusAction } from './user-status-action';

/** Every account: search, filter by role and status, change roles, disable and enable. */
export function UsersTab() {
  const session = useSession();
  const viewer = session.user
    ? { id: session.user.id, role: session.user.role }
    : { id: '', role: 'user' as Role };
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | undefined>();
  const [status, setStatus] = useState<UserStatus | undefined>();
  const debounced = useDebouncedValue(search.trim(), 300);
  const pager = usePager(20);
  const plans = usePlansQuery();
  const planOf = (id: string) => planName(plans.data, id);
  const users = useAdminUsers({
    search: debounced || undefined,
    role,
    status,
    limit: pager.limit,
    offset: pager.offset,
  });

  const compactColumns: TableColumnsType<PublicUser> = [
    {
      title: 'Users',
      key: 'compact',
      render: (_, u) => (
        <Flex vertical gap={10}>
          <UserCell user={u} />
          <Flex gap={8} wrap align="center">
            <UserRoleSelect user={u} viewer={viewer} />
            <Tag color={STATUS_META[u.status].color}>{STATUS_META[u.status].label}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {planOf(u.subscriptionPlan)} plan · last login{' '}
              {u.lastLoginAt ? <TimeCell value={u.lastLoginAt} compact /> : 'never'}
            </Typography.Text>
          </Flex>
          <div>
            <UserStatusAction user={u} viewer={viewer} />
          </div>
        </Flex>
      ),
    },
  ];
  const columns: TableColumnsType<PublicUser> = [
    {
      title: 'User',
      key: 'user',
      render: (_, u) => <UserCell user={u} />,
    },
    { title: 'Role', key: 'role', render: (_, u) => <UserRoleSelect user={u} viewer={viewer} /> },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (s: UserStatus) => <Tag color={STATUS_META[s].color}>{STATUS_META[s].label}</Tag>,
    },
    { title: 'Plan', dataIndex: 'subscriptionPlan', key: 'plan', responsive: ['md'], render: planOf },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      key: 'created',
      responsive: ['lg'],
      render: (v: string) => <TimeCell value={v} compact />,
    },
    {
      title: 'Last login',
      dataIndex: 'lastLoginAt',
      key: 'lastLogin',
      responsive: ['md'],
      render: (v: string | null) => <TimeCell value={v} compact />,
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_, u) => <UserStatusAction user={u} viewer={viewer} />,
    },
  ];

  return (
    <PagedTable<PublicUser>
      filters={
        <>
          <SearchFilter
            label="Search users"
            placeholder="Search name, email or company"
            value={search}
            onChange={(v) => {
              setSearch(v);
              pager.reset();
            }}
          />
          <Select<Role>
            allowClear
            aria-label="Filter by role"
            placeholder="All roles"
            value={role}
            onChange={(v) => {
              setRole(v);
              pager.reset();
            }}
            options={(['user', 'admin', 'superadmin'] as const).map((r) => ({
              value: r,
              label: ROLE_LABEL[r],
            }))}
            style={{ flex: '1 1 130px', maxWidth: 180 }}
          />
          <Select<UserStatus>
            allowClear
            aria-label="Filter by status"
            placeholder="All statuses"
            value={status}
            onChange={(v) => {
              setStatus(v);
              pager.reset();
            }}
            options={(['active', 'unconfirmed', 'disabled'] as const).map((s) => ({
              value: s,
              label: STATUS_META[s].label,
            }))}
            style={{ flex: '1 1 130px', maxWidth: 180 }}
          />
        </>
      }
      query={users}
      rows={users.data?.users}
      what="users"
      pager={pager}
      columns={columns}
      compactColumns={compactColumns}
      emptyText={debounced || role || status ? 'No users match these filters' : 'No users yet'}
    />
  );
}
