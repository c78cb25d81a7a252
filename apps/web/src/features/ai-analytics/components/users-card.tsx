import type { UsageReport } from '@stratos/contracts/ai/analytics.schema';
import { Button, Card, Table } from 'antd';
import { formatCount, formatUsd } from '../../../lib/ai/ai-range';

type UserRow = NonNullable<UsageReport['byUser']>[number];

/** Admins' view of everyone: per user, biggest spend first; a user's name narrows the page to them. */
export function UsersCard({ users, onPick }: { users: UserRow[]; onPick: (u: UserRow) => void }) {
  return (
    <Card title="By user" styles={{ body: { paddingTop: 8 } }}>
      <Table<UserRow>
        size="small"
        rowKey="userId"
        dataSource={users}
        pagination={users.length > 10 ? { pageSize: 10, size: 'small' } : false}
        scroll={{ x: 480 }}
        columns={[
          {
            title: 'User',
            dataIndex: 'email',
            render: (email: string, u) => (
              <Button
                type="link"
                size="small"
                style={{ padding: 0, height: 'auto' }}
                onClick={() => onPick(u)}
              >
                <span style={{ textAlign: 'left', whiteSpace: 'normal', wordBreak: 'break-all' }}>
                  {u.name ? `${u.name} · ${email}` : email}
                </span>
              </Button>
            ),
          },
          { title: 'Calls', dataIndex: 'calls', align: 'right', render: formatCount },
          { title: 'Tokens', dataIndex: 'tokens', align: 'right', render: formatCount },
          { title: 'Spend', dataIndex: 'cost', align: 'right', render: formatUsd },
        ]}
      />
    </Card>
  );
}
