import { Flex, Typography } from 'antd';
import { formatCents } from '../../../lib/billing/format-money';

interface Totals {
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
}

/** Subtotal, shipping (added separately), tax and total, in cents. */
export function OrderSummary({ totals, note }: { totals: Totals; note?: string }) {
  const row = (label: string, cents: number, strong = false) => (
    <Flex justify="space-between">
      <Typography.Text strong={strong}>{label}</Typography.Text>
      <Typography.Text strong={strong} data-testid={`summary-${label.toLowerCase().split(' ')[0]}`}>
        {formatCents(cents)}
      </Typography.Text>
    </Flex>
  );
  return (
    <Flex vertical gap={4}>
      {row('Subtotal', totals.subtotal)}
      {row('Shipping', totals.shipping)}
      {row('Tax (8%)', totals.tax)}
      <div style={{ borderTop: '1px solid rgba(128,128,128,0.25)', margin: '6px 0' }} />
      {row('Total', totals.total, true)}
      {note && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      )}
    </Flex>
  );
}
