import type { OrderResult } from '@stratos/contracts/merch/orders.schema';
import { Button, Descriptions, Modal, Result } from 'antd';
import { formatCard, formatUsd } from '../../../lib/billing/format-money';
import { addressLines } from '../../../lib/format-address';
import { LinkButton } from '../../../lib/link-button';

export type OrderOutcome = OrderResult | { error: string; retryable: boolean };

const delivery = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

interface OrderResultModalProps {
  outcome: OrderOutcome;
  onClose: () => void;
  onRetry: () => void;
}

/** The order result: number, total and estimated delivery; or the error, with another try. */
export default function OrderResultModal({ outcome, onClose, onRetry }: OrderResultModalProps) {
  const ok = 'orderNumber' in outcome && outcome.success;
  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      width={520}
      title={ok ? 'Order confirmed' : 'Order not placed'}
    >
      {ok ? (
        <Result
          status="success"
          title="Thank you for your order!"
          subTitle={`Placed for ${outcome.order.email}${outcome.order.card ? `, paid with ${formatCard(outcome.order.card)}` : ''}. A confirmation is on its way to your inbox.`}
          extra={[
            outcome.orderLink ? (
              <LinkButton key="order" to={outcome.orderLink} data-testid="order-link">
                View your order
              </LinkButton>
            ) : (
              <LinkButton key="billing" to="/billing">
                See it under Billing
              </LinkButton>
            ),
            <Button key="shop" type="primary" onClick={onClose}>
              Continue shopping
            </Button>,
          ]}
        >
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Order number">
              <span data-testid="order-number">{outcome.orderNumber}</span>
            </Descriptions.Item>
            <Descriptions.Item label="Total">
              <span data-testid="order-total">{formatUsd(outcome.total)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="Estimated delivery">
              {delivery.format(new Date(outcome.estimatedDelivery))}
            </Descriptions.Item>
            {outcome.order.shippingAddress && (
              <Descriptions.Item label="Ships to">
                <span data-testid="order-address">
                  {addressLines(outcome.order.shippingAddress).map((l) => (
                    <div key={l}>{l}</div>
                  ))}
                </span>
              </Descriptions.Item>
            )}
          </Descriptions>
        </Result>
      ) : (
        <Result
          status="error"
          title="Your order could not be completed"
          subTitle={'error' in outcome ? outcome.error : ''}
          extra={[
            <Button key="close" onClick={onClose}>
              Back to the store
            </Button>,
            ...('retryable' in outcome && outcome.retryable
              ? [
                  <Button key="retry" type="primary" onClick={onRetry}>
                    Try another card
                  </Button>,
                ]
              : []),
          ]}
        />
      )}
    </Modal>
  );
}
