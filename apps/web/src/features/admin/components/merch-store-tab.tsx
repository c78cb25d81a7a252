import { EditOutlined } from '@ant-design/icons';
import type { AdminMerchOrder, OrderStatus } from '@stratos/contracts/merch/orders.schema';
import type { MerchProduct } from '@stratos/contracts/merch/products.schema';
import { Button, Empty, Flex, Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatCents } from '../../../lib/billing/format-money';
import { addressLines } from '../../../lib/format-address';
import { useAdminMerchOrders } from '../api/list-merch-orders';
import { useAdminMerchProducts } from '../api/list-merch-products';
import { MerchProductForm } from './merch-product-form';
import { QueryError } from './query-error';
import { TimeCell } from './time-cell';

const STATUS_LABEL: Record<OrderStatus, string> = {
  paid: 'Paid',
  pending: 'Awaiting payment',
  cancelled: 'Cancelled',
};
type Filter = OrderStatus | 'all';

/** Store orders of every buyer, and the catalogue (the superadmin edits products here). */
export function MerchStoreTab({ canEdit }: { canEdit: boolean }) {
  const [status, setStatus] = useState<Filter>('paid');
  const orders = useAdminMerchOrders(status === 'all' ? undefined : status);
  const products = useAdminMerchProducts();
  const [editing, setEditing] = useState<MerchProduct | null>(null);

  return (
    <Flex vertical gap={24}>
      <section aria-labelledby="admin-merch-orders">
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
          <h2 id="admin-merch-orders" style={{ margin: 0, fontSize: 18 }}>
            Orders
          </h2>
          <Segmented
            aria-label="Order status"
            value={status}
            onChange={(v) => setStatus(v as Filter)}
            options={[
              { label: 'Paid', value: 'paid' },
              { label: 'Awaiting payment', value: 'pending' },
              { label: 'Cancelled', value: 'cancelled' },
              { label: 'All', value: 'all' },
            ]}
          />
        </Flex>
        {orders.isError && !orders.data ? (
          <QueryError what="store orders" error={orders.error} onRetry={() => void orders.refetch()} />
        ) : (
          <Table<AdminMerchOrder>
            rowKey="id"
            size="middle"
            loading={orders.isPending}
            dataSource={orders.data ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true, size: 'small' }}
            scroll={{ x: 900 }}
            locale={{ emptyText: <Empty description="No orders with this status." /> }}
            columns={[
              {
                title: 'Order',
                key: 'order',
                render: (_, o) => (
                  <Flex vertical>
                    <Typography.Text strong>{o.orderNumber}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      <TimeCell value={o.createdAt} compact />
                    </Typography.Text>
                  </Flex>
                ),
              },
              {
                title: 'Buyer',
                key: 'buyer',
                render: (_, o) => (
                  <Flex vertical>
                    <span>
                      {o.buyerName} {o.guest && <Tag>Guest</Tag>}
                    </span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {o.email}
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
                      {i.quantity} × {i.name} ({i.color}, {i.size})
                    </div>
                  )),
              },
              {
                title: 'Ships to',
                key: 'address',
                render: (_, o) =>
                  o.shippingAddress ? (
                    <Typography.Text style={{ fontSize: 13 }}>
                      {addressLines(o.shippingAddress).map((l) => (
                        <div key={l}>{l}</div>
                      ))}
                    </Typography.Text>
                  ) : (
                    <Typography.Text type="secondary">Not given</Typography.Text>
                  ),
              },
              { title: 'Total', key: 'total', align: 'right', render: (_, o) => formatCents(o.total) },
              {
                title: 'Status',
                key: 'status',
                render: (_, o) => <Tag>{STATUS_LABEL[o.status]}</Tag>,
              },
            ]}
          />
        )}
      </section>

      <section aria-labelledby="admin-merch-products">
        <h2 id="admin-merch-products" style={{ margin: '0 0 12px', fontSize: 18 }}>
          Products
        </h2>
        {products.isError && !products.data ? (
          <QueryError what="products" error={products.error} onRetry={() => void products.refetch()} />
        ) : (
          <Table<MerchProduct>
            rowKey="id"
            size="middle"
            loading={products.isPending}
            dataSource={products.data ?? []}
            pagination={false}
            scroll={{ x: 640 }}
            columns={[
              {
                title: 'Product',
                key: 'name',
                render: (_, p) => (
                  <Flex gap={10} align="center">
                    <img
                      src={p.image}
                      alt=""
                      width={40}
                      height={40}
                      loading="lazy"
                      style={{ borderRadius: 6 }}
                    />
                    <Flex vertical>
                      <Typography.Text strong>{p.name}</Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {p.sku} · {p.category}
                        {p.featured ? ' · featured' : ''}
                      </Typography.Text>
                    </Flex>
                  </Flex>
                ),
              },
              { title: 'Price', key: 'price', align: 'right', render: (_, p) => formatCents(p.priceCents) },
              {
                title: 'Stock',
                key: 'stock',
                align: 'right',
                render: (_, p) => (p.stock > 0 ? p.stock : <Tag color="red">Out of stock</Tag>),
              },
              ...(canEdit
                ? [
                    {
                      title: 'Edit',
                      key: 'edit',
                      render: (_: unknown, p: MerchProduct) => (
                        <Button
                          size="small"
                          icon={<EditOutlined aria-hidden />}
                          onClick={() => setEditing(p)}
                          aria-label={`Edit ${p.name}`}
                        >
                          Edit
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </section>
      {editing && <MerchProductForm product={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
