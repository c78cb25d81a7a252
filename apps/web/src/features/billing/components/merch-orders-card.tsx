import type { MerchOrder } from '@stratos/contracts/merch/orders.schema';
import { Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import { formatCard, formatCents } from '../../../lib/billing/format-money';
import { formatDateTime } from '../../../lib/date-format';
import { addressLines } from '../../../lib/format-address';
import { LinkButton } from '../../../lib/link-button';
import { useMerchOrders } from '../api/list-merch-orders';
import { LoadFailed } from './page-states';

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The buyer's merch store orders: number, items, total and when they arrive. */
export function MerchOrdersCard() {
  const orders = useMerchOrders();
  return (
    <Card
      title="Store orders"
      role="region"
      aria-label="Store orders"
      style={{ marginTop: 24 }}
      styles={{ body: { padding: 0 } }}
      extra={
        <LinkButton to="/merch-store" size="small">
          Visit the store
        </LinkButton>
      }
    >
      {orders.isError && !orders.data ? (
        <div style={{ padding: 16 }}>
          <LoadFailed
            title="Failed to load your store orders"
            error={orders.error}
            onRetry={() => void orders.refetch()}
          />
        </div>
      ) : (
        <Table<MerchOrder>
          rowKey="id"
          size="middle"
          loading={orders.isPending}
          dataSource={orders.data ?? []}
          pagination={orders.data && orders.data.length > 10 ? { pageSize: 10, size: 'small' } : false}
          scroll={{ x: 640 }}
          locale={{ emptyText: <Empty description="No store orders yet." /> }}
          columns={[
            {
              title: 'Order',
              key: 'number',
              render: (_, o) => (
                <Flex vertical>
                  <Typography.Text strong>{o.orderNumber}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(o.createdAt)}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: 'Items',
              key: 'items',
              render: (_, o) =>
                o.items.map((i) => (
                  <div key={`${i.productId}-${i.color}-${i.size}`}>
                    {i.quantity} × {i.name}{' '}
                    <Typography.Text type="secondary">
                      ({i.color}, {i.size})
                    </Typography.Text>
                  </div>
                )),
            },
            {
              title: 'Total',
              key: 'total',
              align: 'right',
              render: (_, o) => (
                <Flex vertical align="flex-end">
                  <Typography.Text strong>{formatCents(o.total)}</Typography.Text>
                  {o.card && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatCard(o.card)}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            {
              title: 'Delivery',
              key: 'delivery',
              render: (_, o) => (
                <Flex vertical gap={2}>
                  <Tag style={{ width: 'fit-content' }}>Paid</Tag>
                  <span>Estimated {day.format(new Date(o.estimatedDelivery))}</span>
                  {o.shippingAddress && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      To {addressLines(o.shippingAddress).join(', ')}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
