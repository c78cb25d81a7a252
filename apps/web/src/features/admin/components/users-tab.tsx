import { SearchOutlined } from '@ant-design/icons';
import type { Role } from '@stratos/contracts/access/roles';
import type { PublicUser, UserStatus } from '@stratos/contracts/auth/user.schema';
import { Empty, Flex, Grid, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../../../lib/auth-session';
import { useAdminUsers } from '../api/list-users';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { usePager } from '../hooks/use-pager';
import { QueryError } from './query-error';
import { TimeCell } from './time-cell';
import { UserCell } from './user-cell';
import { ROLE_LABEL, STATUS_META } from './user-labels';
import { UserRoleSelect } from './user-role-select';
import { UserStatusAction } from './user-status-action';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

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
  const users = useAdminUsers({
    search: debounced || undefined,
    role,
    status,
    limit: pager.limit,
    offset: pager.offset,
  });

  const compact = !Grid.useBreakpoint().md;
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
              {capitalise(u.subscriptionPlan)} plan · last login{' '}
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
    { title: 'Plan', dataIndex: 'subscriptionPlan', key: 'plan', responsive: ['md'], render: capitalise },
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
    <>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input
          allowClear
          aria-label="Search users"
          placeholder="Search name, email or company"
          prefix={<SearchOutlined aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            pager.reset();
          }}
          style={{ flex: '1 1 260px', maxWidth: 420 }}
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
      </Flex>
      {users.isError && <QueryError what="users" error={users.error} onRetry={() => void users.refetch()} />}
      <Table<PublicUser>
        rowKey="id"
        columns={compact ? compactColumns : columns}
        dataSource={users.data?.users}
        loading={users.isFetching}
        scroll={compact ? undefined : { x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={debounced || role || status ? 'No users match these filters' : 'No users yet'}
            />
          ),
        }}
        pagination={{
          current: pager.page,
          pageSize: pager.pageSize,
          total: users.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total, [from, to]) => `${from}–${to} of ${total}`,
          onChange: pager.onChange,
        }}
      />
    </>
  );
}
