import { FileTextOutlined, LineChartOutlined } from '@ant-design/icons';
import type { PaymentRecord } from '@stratos/contracts/billing/payments.schema';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Table, Tag, theme } from 'antd';
import { useState } from 'react';
import { formatCents } from '../../../../lib/billing/format-money';
import { useSubscriptionStatus } from '../../../../lib/billing/subscription-status';
import { formatCompactDate, formatLongDate } from '../../../../lib/date-format';
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
    <Card size="small" role="region" aria-label={label} style={{ height: '100%' }}>
      <div style={{ color: token.colorTextSecondary, fontSize: 13 }}>{label}</div>
      {loading ? (
        <Skeleton.Input active size="small" style={{ marginTop: 6 }} />
      ) : (
        <div style={{ fontSize: 22, fontWeight: 700, color: token.colorTextHeading }}>{value}</div>
      )}
    </Card>
  );
}

/** Settings › Billing: total spent, next billing date, and every payment with its receipt. */
export function BillingSettings() {
  const { token } = theme.useToken();
  const status = useSubscriptionStatus();
  const payments = usePayments();
  const [receiptFor, setReceiptFor] = useState<string | null>(null);
  const s = status.data;

  return (
    <Flex vertical gap={16}>
      <Row gutter={[12, 12]}>
        <Col xs={24} sm={8}>
          <Figure
            label="Total spent"
            value={s ? formatCents(s.billing.total_spent) : '—'}
            loading={status.isPending}
          />
        </Col>
        <Col xs={24} sm={8}>
          <Figure
            label="Next billing date"
            value={s?.billing.next_billing_date ? formatLongDate(s.billing.next_billing_date) : 'None'}
            loading={status.isPending}
          />
        </Col>
        <Col xs={24} sm={8}>
          <Figure
            label="Plan"
            value={
              s
                ? (s.subscription?.plan_name ??
                  `${s.billing.current_plan.charAt(0).toUpperCase()}${s.billing.current_plan.slice(1)}`)
                : '—'
            }
            loading={status.isPending}
          />
        </Col>
      </Row>
      <Card title="Payment history" styles={{ body: { padding: 0 } }}>
        {payments.isError ? (
          <LoadError
            title="We couldn't load your payments"
            error={payments.error}
            onRetry={() => void payments.refetch()}
          />
        ) : (
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
                width: 120,
                render: (d: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatCompactDate(d)}</span>,
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
                width: 110,
                align: 'right',
                render: (_: unknown, p) =>
                  p.status === 'succeeded' ? (
                    <Button
                      size="small"
                      icon={<FileTextOutlined aria-hidden />}
                      onClick={() => setReceiptFor(p.id)}
                      aria-label={`Receipt for ${p.description}`}
                    >
                      Receipt
                    </Button>
                  ) : null,
              },
            ]}
          />
        )}
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
