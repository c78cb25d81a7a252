import { LockOutlined, ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  type ConfirmPaymentReply,
  PAYMENT_MESSAGES,
  type SandboxCard,
} from '@stratos/contracts/billing/payments.schema';
import { Alert, Button, Flex, Skeleton, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../../lib/api-error';
import { formatCents } from '../../../../lib/billing/format-money';
import { newIdempotencyKey } from '../../../../lib/payments/idempotency-key';
import { SandboxCardForm } from '../../../../lib/payments/sandbox-card-form';
import { confirmPayment } from '../../api/confirm-payment';
import { confirmSandboxCard } from '../../api/confirm-sandbox-card';
import { usePaymentConfig } from '../../api/get-payment-config';
import { confirmBody, type Purchase } from '../../model/purchase';
import { usePaymentIntent } from './use-payment-intent';

/** Stripe.js and its React bindings load only when the configured provider is Stripe. */
const StripeCardForm = lazy(() => import('../../../../lib/payments/stripe-card-form'));

interface CardPaymentStepProps {
  purchase: Purchase;
  /** Where a redirect-based Stripe confirmation comes back to (an in-app path). */
  returnPath: string;
  onSucceeded: (reply: ConfirmPaymentReply) => void;
  /**
   * Called with the reason when the payment fails. Without it the reason shows above the card
   * form and the user may try another card.
   */
  onFailed?: (reason: string) => void;
  /** The pay button's words before the amount, e.g. "Pay" or "Subscribe". */
  verb?: string;
  /** A reassurance under the button, e.g. "Cancel anytime". */
  assurance?: string;
}

function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      <Skeleton.Input active block size="large" style={{ marginBottom: 16 }} />
      <Flex gap={16} style={{ marginBottom: 24 }}>
        <Skeleton.Input active block size="large" />
        <Skeleton.Input active block size="large" />
      </Flex>
      <Skeleton.Button active block size="large" />
    </div>
  );
}

/**
 * The card step of every purchase: creates the payment intent (once per user action), takes the
 * card with the configured provider (sandbox form, or Stripe's Payment Element), and when the
 * intent has succeeded calls confirm-payment, which grants what was bought.
 */
export function CardPaymentStep({
  purchase,
  returnPath,
  onSucceeded,
  onFailed,
  verb = 'Pay',
  assurance,
}: CardPaymentStepProps) {
  const { token } = theme.useToken();
  const config = usePaymentConfig();
  const [intentKey, setIntentKey] = useState(newIdempotencyKey);
  const stripeMissing =
    config.data?.provider === 'stripe' && (!config.data.available || !config.data.publishableKey);
  const intent = usePaymentIntent(purchase, intentKey, Boolean(config.data?.available) && !stripeMissing);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const fail = (reason: string) => {
    setBusy(false);
    if (onFailed) onFailed(reason);
    else setError(reason);
  };

  /** After the provider reports success: grant, once (the key makes a double click harmless). */
  const finish = async (intentId: string) => {
    try {
      const reply = await confirmPayment(confirmBody(purchase, intentId), newIdempotencyKey());
      setBusy(false);
      onSucceeded(reply);
    } catch (err) {
      fail(errorMessage(err, PAYMENT_MESSAGES.confirmFailed));
    }
  };

  const paySandbox = async (card: SandboxCard) => {
    if (!intent.data) return;
    setBusy(true);
    setError(null);
    try {
      const r = await confirmSandboxCard(
        { payment_intent_id: intent.data.id, client_secret: intent.data.clientSecret, card },
        newIdempotencyKey(),
      );
      if (r.status !== 'succeeded') return fail(PAYMENT_MESSAGES.notSucceeded);
    } catch (err) {
      // The provider's card message, shown as is ("Your card was declined.").
      return fail(errorMessage(err, PAYMENT_MESSAGES.confirmFailed));
    }
    await finish(intent.data.id);
  };

  if (config.isPending) return <Loading label="Loading payment details" />;
  if (config.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={PAYMENT_MESSAGES.configError}
        action={
          <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => void config.refetch()}>
            Retry
          </Button>
        }
      />
    );
  if (stripeMissing || !config.data.available)
    return <Alert type="error" showIcon title={PAYMENT_MESSAGES.stripeMissing} />;
  if (intent.isPending) return <Loading label="Preparing a secure payment" />;
  if (intent.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={PAYMENT_MESSAGES.createFailed}
        description={
          errorMessage(intent.error, '') !== PAYMENT_MESSAGES.createFailed
            ? errorMessage(intent.error, '')
            : undefined
        }
        action={
          <Button
            size="small"
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => {
              // A new attempt is a new action: a fresh key, so a failed first try is not replayed.
              setIntentKey(newIdempotencyKey());
            }}
          >
            Try again
          </Button>
        }
      />
    );

  const payLabel = `${verb} ${formatCents(intent.data.amount)}`;
  const returnUrl = new URL(returnPath, window.location.origin).toString();
  return (
    <div>
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          closable={{ onClose: () => setError(null) }}
          style={{ marginBottom: 16 }}
          role="alert"
        />
      )}
      {config.data.provider === 'stripe' && config.data.publishableKey ? (
        <Suspense fallback={<Loading label="Loading Stripe" />}>
          <StripeCardForm
            publishableKey={config.data.publishableKey}
            clientSecret={intent.data.clientSecret}
            payLabel={payLabel}
            busy={busy}
            testMode={config.data.testMode}
            returnUrl={returnUrl}
            onConfirmed={(id) => {
              setBusy(true);
              void finish(id);
            }}
            onError={fail}
          />
        </Suspense>
      ) : (
        <SandboxCardForm
          payLabel={payLabel}
          busy={busy}
          testMode={config.data.testMode}
          onPay={(card) => void paySandbox(card)}
        />
      )}
      <Flex
        justify="center"
        align="center"
        gap={16}
        wrap
        style={{ marginTop: 14, color: token.colorTextTertiary, fontSize: 12 }}
      >
        <span>
          <LockOutlined aria-hidden /> Encrypted connection
        </span>
        {assurance && (
          <span>
            <SafetyCertificateOutlined aria-hidden /> {assurance}
          </span>
        )}
      </Flex>
    </div>
  );
}
