import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardPaymentStep } from './card-payment-step';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = `${b64({ alg: 'none' })}.${b64({
  sub: 'u1',
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  name: 'Ada',
  role: 'user',
  permissions: [],
  exp: Math.floor(Date.now() / 1000) + 3600,
})}.sig`;

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

const config = (over: object = {}) => ({
  success: true,
  provider: 'sandbox',
  publishableKey: null,
  testMode: true,
  available: true,
  currency: 'usd',
  ...over,
});
const subscription = {
  id: 'sub_1',
  plan_id: 'pro',
  plan_name: 'Pro',
  status: 'active',
  amount: 1999,
  current_period_start: '2026-05-01T00:00:00.000Z',
  current_period_end: '2026-06-01T00:00:00.000Z',
  cancel_at_period_end: false,
  card: { brand: 'visa', last4: '4242' },
};

/** A fake server: the config, one intent, the sandbox's test-card rules, and the grant. */
function fakeServer(configReply: object) {
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({
        url,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body,
      });
      if (url.endsWith('/payments/config')) return json(200, configReply);
      if (url.endsWith('/payments/create-payment-intent'))
        return json(200, {
          success: true,
          client_secret: 'pi_1_secret',
          amount: 1999,
          currency: 'usd',
          payment_intent_id: 'pi_1',
          provider: 'sandbox',
        });
      if (url.endsWith('/payments/sandbox/confirm')) {
        if (body.card.number === '4000000000000002')
          return json(402, {
            success: false,
            error: { code: 'card_declined', message: 'Your card was declined.' },
          });
        return json(200, { success: true, payment_intent_id: 'pi_1', status: 'succeeded' });
      }
      if (url.endsWith('/payments/confirm-payment'))
        return json(200, { success: true, subscription, credits: null, granted: true });
      return json(404, { success: false, error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return calls;
}

function renderStep(onSucceeded = vi.fn(), onFailed?: (reason: string) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AntApp>
          <CardPaymentStep
            purchase={{ kind: 'subscription', planId: 'pro', email: 'ada@example.com' }}
            returnPath="/subscription-success?plan=pro"
            onSucceeded={onSucceeded}
            onFailed={onFailed}
          />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onSucceeded;
}

async function pay(number: string) {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '1234' } });
  fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /Pay \$19\.99/ }));
  });
}

const keyOf = (c: Call) => c.headers['idempotency-key'];

describe('CardPaymentStep', () => {
  beforeEach(() => localStorage.setItem('auth_token', JSON.stringify({ token, refreshToken: 'r' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('says Stripe is not configured when the provider is Stripe without keys, and creates no intent', async () => {
    const calls = fakeServer(config({ provider: 'stripe', available: false, testMode: false }));
    renderStep();
    await screen.findByText('Stripe is not configured. Please contact support.');
    expect(calls.some((c) => c.url.includes('create-payment-intent'))).toBe(false);
  });

  it('shows the test-mode banner with the test cards for the sandbox', async () => {
    fakeServer(config());
    renderStep();
    const banner = await screen.findByRole('note', { name: 'Test mode' });
    expect(banner.textContent).toContain('4242 4242 4242 4242');
    expect(banner.textContent).toContain('4000 0000 0000 0002');
  });

  it('retries a declined card on the same intent, and sends an idempotency key with every money call', async () => {
    const calls = fakeServer(config());
    const onSucceeded = renderStep();
    await screen.findByLabelText('Card number');

    await pay('4000 0000 0000 0002');
    await screen.findByText('Your card was declined.');
    expect(onSucceeded).not.toHaveBeenCalled();

    await pay('4242 4242 4242 4242');
    await waitFor(() => expect(onSucceeded).toHaveBeenCalledTimes(1));
    expect(onSucceeded.mock.calls[0]?.[0]).toMatchObject({ subscription: { id: 'sub_1' } });

    const money = calls.filter((c) => c.method === 'POST');
    expect(money.map((c) => c.url.replace('/api', ''))).toEqual([
      '/payments/create-payment-intent',
      '/payments/sandbox/confirm',
      '/payments/sandbox/confirm',
      '/payments/confirm-payment',
    ]);
    for (const c of money) expect(keyOf(c)).toMatch(/^[0-9a-f-]{36}$/);
    // Each user action has its own key.
    expect(new Set(money.map(keyOf)).size).toBe(4);
    expect(money[0]?.body).toEqual({ plan_id: 'pro', user_email: 'ada@example.com' });
    expect(money[3]?.body).toEqual({ payment_intent_id: 'pi_1', plan_id: 'pro' });
  });

  it('reports a decline to the caller when it handles failures (the upgrade flow)', async () => {
    fakeServer(config());
    const onFailed = vi.fn();
    renderStep(vi.fn(), onFailed);
    await screen.findByLabelText('Card number');
    await pay('4000 0000 0000 0002');
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith('Your card was declined.'));
  });

  it('checks the card fields before calling the provider', async () => {
    const calls = fakeServer(config());
    renderStep();
    await screen.findByLabelText('Card number');
    await pay('4242 4242');
    await screen.findByText('Your card number is incomplete.');
    expect(calls.some((c) => c.url.includes('sandbox/confirm'))).toBe(false);
  });
});
