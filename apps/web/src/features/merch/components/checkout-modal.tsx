import { LockOutlined } from '@ant-design/icons';
import { PAYMENT_MESSAGES, type SandboxCard } from '@stratos/contracts/billing/payments.schema';
import type { CheckoutItem, OrderResult } from '@stratos/contracts/merch/orders.schema';
import { MERCH_MESSAGES } from '@stratos/contracts/merch/products.schema';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Modal, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { formatCents } from '../../../lib/billing/format-money';
import { addressLines } from '../../../lib/format-address';
import { newIdempotencyKey } from '../../../lib/payments/idempotency-key';
import { SandboxCardForm } from '../../../lib/payments/sandbox-card-form';
import { checkout } from '../api/checkout';
import { confirmOrder } from '../api/confirm-order';
import { confirmSandboxCard } from '../api/confirm-sandbox-card';
import { usePaymentConfig } from '../api/get-payment-config';
import { OrderSummary } from './order-summary';
import { type CheckoutDetails, ShippingForm } from './shipping-form';

/** Stripe.js loads only when the configured provider is Stripe. */
const StripeCardForm = lazy(() => import('../../../lib/payments/stripe-card-form'));

export interface CheckoutModalProps {
  /** One key per checkout: reopening after a declined card pays the same order. */
  checkoutKey: string;
  items: Pick<CheckoutItem, 'productId' | 'color' | 'size' | 'quantity'>[];
  /** Signed out: the buyer gives an e-mail address instead of an account. */
  guest: boolean;
  /** Kept by the page, so another try after a declined card pays the same order. */
  details: CheckoutDetails | null;
  onDetails: (details: CheckoutDetails) => void;
  onClose: () => void;
  onResult: (result: OrderResult | { error: string; retryable: boolean }) => void;
}

/**
 * Checkout: first where it goes (and a guest's e-mail), then the server prices the cart and holds
 * its units (the figures shown here are the server's), the card is taken by the configured
 * provider and the order confirmed.
 */
export default function CheckoutModal({
  checkoutKey,
  items,
  guest,
  details,
  onDetails,
  onClose,
  onResult,
}: CheckoutModalProps) {
  const config = usePaymentConfig(true);
  const placed = useQuery({
    queryKey: ['merch', 'checkout', checkoutKey],
    queryFn: () => {
      const { email, shippingAddress } = details as CheckoutDetails;
      return checkout(
        email !== undefined ? { items, shippingAddress, email } : { items, shippingAddress },
        checkoutKey,
      );
    },
    enabled: details !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    retry: false,
  });
  const guestToken = placed.data?.orderToken ?? null;
  const [busy, setBusy] = useState(false);
  // A checkout the server refuses (out of stock, a product gone) ends in the order result's error.
  useEffect(() => {
    if (placed.isError)
      onResult({ error: errorMessage(placed.error, MERCH_MESSAGES.checkoutFailed), retryable: false });
  }, [placed.isError, placed.error, onResult]);

  const finish = async (order: { id: string; orderNumber: string }) => {
    try {
      const result = await confirmOrder(order, guestToken);
      onResult(result);
    } catch (err) {
      onResult({ error: errorMessage(err, MERCH_MESSAGES.checkoutFailed), retryable: true });
    } finally {
      setBusy(false);
    }
  };

  const paySandbox = async (card: SandboxCard) => {
    if (!placed.data) return;
    setBusy(true);
    try {
      await confirmSandboxCard(
        { payment_intent_id: placed.data.payment.id, client_secret: placed.data.payment.clientSecret, card },
        newIdempotencyKey(),
        guestToken !== null,
      );
    } catch (err) {
      setBusy(false);
      // The card's own message ("Your card was declined."): the order waits for another card.
      return onResult({ error: errorMessage(err, PAYMENT_MESSAGES.confirmFailed), retryable: true });
    }
    await finish(placed.data.order);
  };

  let content: React.ReactNode;
  if (details === null) {
    content = <ShippingForm guest={guest} initial={details} onSubmit={onDetails} />;
  } else if (placed.isPending || config.isPending) {
    content = (
      <div role="status" aria-label="Preparing your order">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (placed.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={errorMessage(placed.error, MERCH_MESSAGES.checkoutFailed)}
      />
    );
  } else if (config.isError || !config.data.available) {
    content = <Alert type="error" showIcon role="alert" title={PAYMENT_MESSAGES.stripeMissing} />;
  } else {
    const { order, payment } = placed.data;
    const payLabel = `Pay ${formatCents(payment.amount)}`;
    const units = order.items.reduce((n, i) => n + i.quantity, 0);
    content = (
      <Flex vertical gap={20}>
        <div>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            Order {order.orderNumber} · {units} {units === 1 ? 'item' : 'items'}
          </Typography.Text>
          <OrderSummary totals={order} />
          {order.shippingAddress && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 13 }}>
              Ships to {addressLines(order.shippingAddress).join(', ')}
              {guestToken ? ` · receipt to ${order.email}` : ''}
            </Typography.Text>
          )}
        </div>
        {config.data.provider === 'stripe' && config.data.publishableKey ? (
          <Suspense fallback={<Skeleton active />}>
            <StripeCardForm
              publishableKey={config.data.publishableKey}
              clientSecret={payment.clientSecret}
              payLabel={payLabel}
              busy={busy}
              testMode={config.data.testMode}
              returnUrl={new URL(
                guestToken
                  ? `/merch-store/orders/${encodeURIComponent(order.orderNumber)}?token=${encodeURIComponent(guestToken)}`
                  : `/merch-store?order=${order.id}`,
                window.location.origin,
              ).toString()}
              onConfirmed={() => {
                setBusy(true);
                void finish(order);
              }}
              onError={(message) => onResult({ error: message, retryable: true })}
            />
          </Suspense>
        ) : (
          <SandboxCardForm
            payLabel={payLabel}
            busy={busy}
            testMode={config.data.testMode}
            onPay={(c) => void paySandbox(c)}
          />
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          <LockOutlined aria-hidden /> Prices, shipping and tax are set by the store; delivery in 7 days.
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <Modal
      open
      onCancel={busy ? undefined : onClose}
      title={details === null ? (guest ? 'Check out as a guest' : 'Shipping details') : 'Checkout'}
      footer={null}
      width={520}
      maskClosable={!busy}
    >
      {content}
    </Modal>
  );
}
