import { FileTextOutlined, LineChartOutlined } from '@ant-design/icons';
import type { PaymentRecord } from '@stratos/contracts/billing/payments.schema';
import { Button, Card, Empty, Flex, Grid, Skeleton, Table, Tag, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { formatCents } from '../../../../lib/billing/format-money';
import { useSubscriptionStatus } from '../../../../lib/billing/subscription-status';
import { formatDateTime, formatLongDate } from '../../../../lib/date-format';
import { LinkButton } from '../../../../lib/link-button';
import { usePayments } from '../../api/list-payments';
import { LoadError } from '../load-error';
import { ReceiptModal } from './receipt-modal';

const STATUS: Record<PaymentRecord['status'], { label: string; color: string }> = {
  succeeded: { label: 'Paid', color: 'success' },
  processing: { label: 'Processing', color: 'processing' },
  requires_payment_method: { label: 'Failed', color: 'error' },
  requires_confirmation: { label: 'Incomplete', color: 'default' },
  canceled: { label: 'Canceled', color: 'default' },
};

function Figure({ label, value, loading }: { label: string; value: string; loading: boolean }) {
  const { token } = theme.useToken();
  return (
    <div style={{ minWidth: 0 }}>
      <div style={{ color: token.colorTextSecondary, fontSize: 13 }}>{label}</div>
      {loading ? (
        <Skeleton.Input active size="small" style={{ marginTop: 6 }} />
      ) : (
        <div style={{ fontSize: 20, fontWeight: 700, color: token.colorTextHeading }}>{value}</div>
      )}
    </div>
  );
}

function ReceiptButton({ p, onOpen }: { p: PaymentRecord; onOpen: (id: string) => void }) {
  if (p.status !== 'succeeded') return null;
  return (
    <Button
      size="small"
      icon={<FileTextOutlined aria-hidden />}
      onClick={() => onOpen(p.id)}
      aria-label={`Receipt for ${p.description}`}
    >
      Receipt
    </Button>
  );
}

/** Phones: one row per payment, the description first. */
function PaymentList({ payments, onOpen }: { payments: PaymentRecord[]; onOpen: (id: string) => void }) {
  const { token } = theme.useToken();
  if (payments.length === 0) return <Empty description="No payments yet" style={{ padding: 24 }} />;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {payments.map((p, i) => (
        <li
          key={p.id}
          style={{
            display: 'grid',
            gridTemplateColumns: '1fr auto',
            gap: '4px 12px',
            padding: '12px 16px',
            borderTop: i ? `1px solid ${token.colorBorderSecondary}` : undefined,
          }}
        >
          <span style={{ fontWeight: 600, color: token.colorTextHeading }}>{p.description}</span>
          <strong style={{ textAlign: 'end' }}>{formatCents(p.amount)}</strong>
          <span style={{ fontSize: 13, color: token.colorTextSecondary }}>
            {formatDateTime(p.date)} · <Tag color={STATUS[p.status].color}>{STATUS[p.status].label}</Tag>
          </span>
          <span style={{ textAlign: 'end' }}>
            <ReceiptButton p={p} onOpen={onOpen} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Settings › Billing: total spent, next billing date, and every payment with its receipt. */
export function BillingSettings() {
  const { token } = theme.useToken();
  const phone = Grid.useBreakpoint().md === false;
  const status = useSubscriptionStatus();
  const payments = usePayments();
  const [receiptFor, setReceiptFor] = useState<string | null>(null);
  const s = status.data;
  const planName = s
    ? (s.subscription?.plan_name ??
      `${s.billing.current_plan.charAt(0).toUpperCase()}${s.billing.current_plan.slice(1)}`)
    : '—';

  let history: ReactNode;
  if (payments.isError)
    history = (
      <LoadError
        title="We couldn't load your payments"
        error={payments.error}
        onRetry={() => void payments.refetch()}
      />
    );
  else if (phone && payments.data) history = <PaymentList payments={payments.data} onOpen={setReceiptFor} />;
  else
    history = (
      <Table<PaymentRecord>
        rowKey="id"
        size="middle"
        loading={payments.isPending}
        dataSource={payments.data ?? []}
        pagination={payments.data && payments.data.length > 10 ? { pageSize: 10, size: 'small' } : false}
        scroll={{ x: 600 }}
        locale={{ emptyText: <Empty description="No payments yet" /> }}
        columns={[
          {
            title: 'Date',
            dataIndex: 'date',
            width: 200,
            render: (d: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d)}</span>,
          },
          { title: 'Description', dataIndex: 'description', ellipsis: true },
          {
            title: 'Amount',
            dataIndex: 'amount',
            align: 'right',
            width: 110,
            render: (a: number) => <strong>{formatCents(a)}</strong>,
          },
          {
            title: 'Status',
            dataIndex: 'status',
            width: 110,
            render: (v: PaymentRecord['status']) => <Tag color={STATUS[v].color}>{STATUS[v].label}</Tag>,
          },
          {
            title: 'Receipt',
            key: 'receipt',
            width: 120,
            align: 'right',
            render: (_: unknown, p) => <ReceiptButton p={p} onOpen={setReceiptFor} />,
          },
        ]}
      />
    );

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
            gap: 16,
            padding: 4,
          }}
        >
          <Figure
            label="Total spent"
            value={s ? formatCents(s.billing.total_spent) : '—'}
            loading={status.isPending}
          />
          <Figure label="Plan" value={planName} loading={status.isPending} />
          <Figure
            label="Next billing date"
            value={s?.billing.next_billing_date ? formatLongDate(s.billing.next_billing_date) : 'None'}
            loading={status.isPending}
          />
        </div>
      </Card>
      <Card title="Payment history" styles={{ body: { padding: 0, overflow: 'hidden' } }}>
        {history}
      </Card>
      <Card size="small">
        <Flex justify="space-between" align="center" gap={12} wrap>
          <span style={{ color: token.colorTextSecondary }}>
            <LineChartOutlined aria-hidden style={{ color: token.colorPrimary, marginInlineEnd: 8 }} />
            Prepaid credits, daily costs and usage charts are on the Billing page.
          </span>
          <LinkButton to="/billing">Open Billing</LinkButton>
        </Flex>
      </Card>
      <ReceiptModal paymentId={receiptFor} onClose={() => setReceiptFor(null)} />
    </Flex>
  );
}
