import type { SubscriptionStatusReply } from '@stratos/contracts/billing/payments.schema';
import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const status: SubscriptionStatusReply = {
  has_active_subscription: true,
  billing: { current_plan: 'basic', next_billing_date: '2026-07-01T00:00:00.000Z', total_spent: 999 },
  subscription: {
    id: 'sub_1',
    plan_id: 'basic',
    plan_name: 'Basic',
    status: 'active',
    amount: 999,
    current_period_start: '2026-06-01T00:00:00.000Z',
    current_period_end: '2026-07-01T00:00:00.000Z',
    cancel_at_period_end: false,
    card: null,
  },
};
const apiRequest = vi.fn(async (path: string) => {
  if (path === '/payments/subscription-status') return status;
  if (path === '/payments/config')
    return {
      success: true,
      provider: 'sandbox',
      publishableKey: null,
      testMode: true,
      available: true,
      currency: 'usd',
    };
  return new Promise(() => {});
});
vi.mock('../../../../lib/api-client', () => ({ apiRequest: (path: string) => apiRequest(path) }));
const { SubscriptionPaymentPanel } = await import('./subscription-payment-panel');

const plan = (id: string, name: string, price: number): Plan => ({
  id,
  name,
  price,
  storageBytes: null,
  aiQueriesPerMonth: null,
  features: [],
  popular: false,
});

function renderPanel(p: Plan, startSwitching: boolean) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AntApp>
          <SubscriptionPaymentPanel
            plan={p}
            email="a@b.io"
            returnPath="/subscription-success"
            onSuccess={() => {}}
            startSwitching={startSwitching}
          />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the subscription payment panel of a subscriber', () => {
  afterEach(cleanup);

  it('shows the Active Subscription card when opened without a switch', async () => {
    renderPanel(plan('pro', 'Pro', 1999), false);
    expect(await screen.findByText('Active Subscription')).toBeTruthy();
    expect(screen.queryByText('Complete Your Subscription')).toBeNull();
  });

  it('goes straight to paying for the new plan when opened to switch ("Switch to Pro")', async () => {
    renderPanel(plan('pro', 'Pro', 1999), true);
    expect(await screen.findByText('Complete Your Subscription')).toBeTruthy();
    expect(screen.getByText(/Your new plan starts today/)).toBeTruthy();
    expect(screen.queryByText('Active Subscription')).toBeNull();
  });

  it('never offers to pay again for the plan already paid for', async () => {
    renderPanel(plan('basic', 'Basic', 999), true);
    expect(await screen.findByText('Active Subscription')).toBeTruthy();
    expect(screen.queryByText('Complete Your Subscription')).toBeNull();
  });
});
