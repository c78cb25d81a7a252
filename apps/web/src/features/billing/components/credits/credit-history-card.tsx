import type { CreditTransaction } from '@stratos/contracts/billing/credits.schema';
import { Card, Empty, Table, Tag, theme } from 'antd';
import { formatCredits } from '../../../../lib/billing/format-money';
import { formatDateTime } from '../../../../lib/date-format';
import { LoadFailed } from '../page-states';

const TYPE_TAG: Record<CreditTransaction['type'], { label: string; color: string }> = {
  purchase: { label: 'Purchase', color: 'green' },
  deduction: { label: 'Charge', color: 'orange' },
  metering: { label: 'Daily usage', color: 'blue' },
  adjustment: { label: 'Adjustment', color: 'default' },
  reservation: { label: 'Held (AI in progress)', color: 'gold' },
};

interface CreditHistoryCardProps {
  data: CreditTransaction[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}

/** The credit ledger: purchases, charges and daily metering, newest first. */
export function CreditHistoryCard({ data, isPending, error, onRetry }: CreditHistoryCardProps) {
  const { token } = theme.useToken();
  return (
    <Card title="Credit history" role="region" aria-label="Credit history" styles={{ body: { padding: 0 } }}>
      {error && !data ? (
        <div style={{ padding: 16 }}>
          <LoadFailed title="Failed to fetch usage history" error={error} onRetry={onRetry} />
        </div>
      ) : (
        <Table<CreditTransaction>
          rowKey="id"
          size="middle"
          loading={isPending}
          dataSource={data ?? []}
          pagination={data && data.length > 10 ? { pageSize: 10, size: 'small' } : false}
          scroll={{ x: 560 }}
          locale={{
            emptyText: <Empty description="No credit activity yet. Buy a package to get started." />,
          }}
          columns={[
            {
              title: 'Date',
              dataIndex: 'createdAt',
              width: 170,
              render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span>,
            },
            { title: 'Description', dataIndex: 'description', ellipsis: true },
            {
              title: 'Type',
              dataIndex: 'type',
              width: 120,
              render: (t: CreditTransaction['type']) => (
                <Tag color={TYPE_TAG[t].color}>{TYPE_TAG[t].label}</Tag>
              ),
            },
            {
              title: 'Credits',
              dataIndex: 'amount',
              align: 'right',
              width: 110,
              render: (a: number) => (
                <span style={{ fontWeight: 600, color: a >= 0 ? token.colorSuccessText : token.colorText }}>
                  {a >= 0 ? '+' : '−'}
                  {formatCredits(Math.abs(a))}
                </span>
              ),
            },
            {
              title: 'Balance',
              dataIndex: 'balanceAfter',
              align: 'right',
              width: 110,
              render: (b: number | null) => (b === null ? '—' : formatCredits(b)),
            },
          ]}
        />
      )}
    </Card>
  );
}
