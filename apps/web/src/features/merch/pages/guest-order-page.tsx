import { MERCH_MESSAGES } from '@stratos/contracts/merch/merch-constants';
import type { MerchOrder } from '@stratos/contracts/merch/orders.schema';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { formatCard, formatCents } from '../../../lib/billing/format-money';
import { addressLines } from '../../../lib/format-address';
import { LinkButton } from '../../../lib/link-button';
import { confirmOrder } from '../api/confirm-order';
import { useGuestOrder } from '../api/get-guest-order';
import { OrderSummary } from '../components/order-summary';

const delivery = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

// Neutral tags: antd's coloured ones fall short of 4.5:1 contrast at tag size.
const STATUS: Record<MerchOrder['status'], string> = {
  paid: 'Paid',
  pending: 'Awaiting payment',
  cancelled: 'Cancelled',
};

/**
 * /merch-store/orders/:orderNumber?token=...: a guest's order, opened with the signed link of the
 * confirmation (the number alone opens nothing). Back from a Stripe redirect it confirms first.
 */
export default function GuestOrderPage() {
  const { orderNumber = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const order = useGuestOrder(orderNumber, token);
  const queryClient = useQueryClient();
  const confirming = useRef(false);
  const fromStripe = params.has('redirect_status');

  useEffect(() => {
    if (!fromStripe || !token || order.data?.status !== 'pending' || confirming.current) return;
    confirming.current = true;
    void confirmOrder({ id: order.data.id, orderNumber }, token)
      .catch(() => undefined)
      .finally(() => void queryClient.invalidateQueries({ queryKey: ['merch', 'guest-order'] }));
  }, [fromStripe, token, order.data, orderNumber, queryClient]);

  const back = (
    <LinkButton key="store" to="/merch-store" type="primary">
      Back to the store
    </LinkButton>
  );
  let body: React.ReactNode;
  if (!token) {
    body = <Result status="warning" title={MERCH_MESSAGES.orderLinkRequired} extra={[back]} />;
  } else if (order.isPending) {
    body = (
      <div role="status" aria-label="Loading your order">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  } else if (order.isError) {
    body = (
      <Result
        status="error"
        title="This order could not be opened"
        subTitle={errorMessage(order.error, MERCH_MESSAGES.orderNotFound)}
        extra={[back]}
      />
    );
  } else {
    const o = order.data;
    const status = STATUS[o.status];
    body = (
      <Flex vertical gap={20}>
        <div>
          <Tag data-testid="guest-order-status">{status}</Tag>
        </div>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="E-mail">{o.email}</Descriptions.Item>
          <Descriptions.Item label="Estimated delivery">
            {delivery.format(new Date(o.estimatedDelivery))}
          </Descriptions.Item>
          {o.shippingAddress && (
            <Descriptions.Item label="Ships to">
              {addressLines(o.shippingAddress).map((l) => (
                <div key={l}>{l}</div>
              ))}
            </Descriptions.Item>
          )}
          {o.card && <Descriptions.Item label="Paid with">{formatCard(o.card)}</Descriptions.Item>}
        </Descriptions>
        <section aria-label="Items">
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {o.items.map((i) => (
              <li
                key={`${i.productId}-${i.color}-${i.size}`}
                style={{ padding: '10px 0', borderBottom: '1px solid rgba(128,128,128,0.18)' }}
              >
                <Flex gap={12} align="center">
                  <img
                    src={i.image}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    style={{ borderRadius: 8 }}
                  />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Typography.Text strong>
                      {i.quantity} × {i.name}
                    </Typography.Text>
                    <div>
                      <Typography.Text type="secondary">
                        {i.color} · {i.size} · {formatCents(i.unitPrice)}
                      </Typography.Text>
                    </div>
                  </div>
                  <Typography.Text strong>{formatCents(i.lineTotal)}</Typography.Text>
                </Flex>
              </li>
            ))}
          </ul>
        </section>
        <OrderSummary totals={o} />
        {o.status === 'pending' && (
          <Alert
            type="info"
            showIcon
            title="The payment for this order has not been confirmed yet. Unpaid orders are released after 30 minutes."
          />
        )}
        <Flex justify="flex-end">{back}</Flex>
      </Flex>
    );
  }
  return (
    <div style={{ maxWidth: 720, margin: '0 auto', width: '100%' }}>
      <Card>
        {/* The one h1 in every state: the number the visitor came for. */}
        <Typography.Title level={1} style={{ fontSize: 24, margin: '0 0 16px' }}>
          Order <span data-testid="guest-order-number">{orderNumber}</span>
        </Typography.Title>
        {body}
      </Card>
    </div>
  );
}
