import { LockOutlined } from '@ant-design/icons';
import { PAYMENT_MESSAGES } from '@stratos/contracts/billing/payments.schema';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Alert, Button, Skeleton } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { useIsDark } from '../use-is-dark';
import { TestModeBanner } from './test-mode-banner';

const loaders = new Map<string, Promise<Stripe | null>>();
/** Stripe.js from Stripe's CDN, loaded once per publishable key. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let p = loaders.get(publishableKey);
  if (!p) {
    p = loadStripe(publishableKey).catch(() => null);
    loaders.set(publishableKey, p);
  }
  return p;
}

export interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  payLabel: string;
  busy: boolean;
  testMode: boolean;
  /** Where Stripe sends the browser back after a redirect-based confirmation (3-D Secure). */
  returnUrl: string;
  onConfirmed: (paymentIntentId: string) => void;
  onError: (message: string) => void;
}

function PaymentForm({
  payLabel,
  busy,
  testMode,
  returnUrl,
  onConfirmed,
  onError,
}: Omit<StripeCardFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return onError(PAYMENT_MESSAGES.stripeNotLoaded);
    setConfirming(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: returnUrl },
      });
      if (error) return onError(error.message ?? PAYMENT_MESSAGES.confirmFailed);
      if (paymentIntent?.status === 'succeeded') return onConfirmed(paymentIntent.id);
      onError(PAYMENT_MESSAGES.notSucceeded);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Card details">
      {testMode && (
        <div style={{ marginBottom: 20 }}>
          <TestModeBanner />
        </div>
      )}
      {!ready && <Skeleton active title={false} paragraph={{ rows: 3 }} />}
      <div style={{ marginBottom: 24 }}>
        <PaymentElement onReady={() => setReady(true)} options={{ layout: 'tabs' }} />
      </div>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        disabled={!stripe || !ready}
        loading={busy || confirming}
        icon={<LockOutlined aria-hidden />}
      >
        {payLabel}
      </Button>
    </form>
  );
}

/** Stripe's Payment Element for an intent the server created; confirms with Stripe.js. */
export default function StripeCardForm({ publishableKey, clientSecret, ...rest }: StripeCardFormProps) {
  const dark = useIsDark();
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void stripe.then((s) => {
      if (live && !s) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [stripe]);
  if (failed) return <Alert type="error" showIcon title={PAYMENT_MESSAGES.stripeNotLoaded} />;
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret,
        appearance: {
          theme: dark ? 'night' : 'stripe',
          variables: { colorPrimary: '#1890ff', borderRadius: '8px' },
        },
      }}
    >
      <PaymentForm {...rest} />
    </Elements>
  );
}
