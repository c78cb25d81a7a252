import type { CreditAccount, UserPlanReply } from '@stratos/contracts/billing/credits.schema';
import type { SubscriptionStatusReply } from '@stratos/contracts/billing/payments.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

let status: SubscriptionStatusReply;
const apiRequest = vi.fn(async (path: string) => {
  if (path === '/payments/subscription-status') return status;
  throw new Error(path);
});
vi.mock('../../../lib/api-client', () => ({ apiRequest: (path: string) => apiRequest(path) }));
const { SummaryTiles } = await import('./summary-tiles');
const { default: UsageCharts } = await import('./usage-charts');

const GB = 1024 ** 3;
const ok = <T,>(data: T) => ({ data, isPending: false, isError: false });
const plan = (over: Partial<UserPlanReply['plan']>): UserPlanReply['plan'] => ({
  tier: 'prepaid',
  name: 'Prepaid Credits',
  price: 0,
  storageBytes: null,
  aiQueriesPerMonth: null,
  billing: 'prepaid',
  status: null,
  ...over,
});
const credits = (balance: number): CreditAccount => ({
  balance,
  lastUpdated: null,
  totalPurchased: 20,
  totalUsed: 20 - balance,
  unlimited: false,
  role: 'user',
});

function renderTiles(p: UserPlanReply['plan'], balance: number, dailyCost: number, storedBytes = 0) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SummaryTiles plan={ok(p)} credits={ok(credits(balance))} usage={ok({ dailyCost, storedBytes })} />
    </QueryClientProvider>,
  );
}
const tile = (name: string) => screen.getByRole('region', { name });

describe('the /billing figures', () => {
  afterEach(cleanup);

  it('gives a prepaid account its daily cost and a runway in words, never tens of thousands of days', () => {
    // 20 credits at $0.000293 a day would be 68,259 days.
    renderTiles(plan({}), 20, 0.000293, 48 * 1024 ** 2);
    expect(within(tile('Daily cost')).getByText('<$0.01')).toBeTruthy();
    expect(within(tile('Credit lasts')).getByText('Over a year')).toBeTruthy();
    expect(screen.queryByText(/68,259/)).toBeNull();
  });

  it('says a prepaid account that spends nothing has no daily charge', () => {
    renderTiles(plan({}), 20, 0);
    expect(within(tile('Credit lasts')).getByText('No daily charge')).toBeTruthy();
  });

  it('shows a subscriber storage and the next payment, not a daily cost or a credit runway', async () => {
    status = {
      has_active_subscription: true,
      billing: { current_plan: 'pro', next_billing_date: '2026-07-01T00:00:00.000Z', total_spent: 1999 },
      subscription: {
        id: 'sub_1',
        plan_id: 'pro',
        plan_name: 'Pro',
        status: 'active',
        amount: 1999,
        current_period_start: '2026-06-01T00:00:00.000Z',
        current_period_end: '2026-07-01T00:00:00.000Z',
        cancel_at_period_end: false,
        card: { brand: 'visa', last4: '4242' },
      },
    };
    renderTiles(
      plan({
        tier: 'pro',
        name: 'Pro',
        price: 1999,
        storageBytes: 100 * GB,
        billing: 'subscription',
        status: 'active',
      }),
      0,
      0.05,
      3 * GB,
    );
    expect(screen.queryByRole('region', { name: 'Daily cost' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Credit lasts' })).toBeNull();
    expect(within(tile('Storage')).getByText('3 GB')).toBeTruthy();
    expect(within(tile('Storage')).getByText('of 100 GB in your plan')).toBeTruthy();
    expect(await within(tile('Next payment')).findByText('$19.99 · Visa ending in 4242')).toBeTruthy();
  });

  it('shows no cost chart to a subscriber, and one to a prepaid account', () => {
    const days = [
      {
        date: '2026-06-01',
        storageBytes: 0,
        transferBytes: 0,
        storageCost: 0,
        transferCost: 0,
        creditsCharged: 0,
      },
    ];
    render(<UsageCharts usage={{ success: true, days, dailyCost: 0, billing: 'subscription' }} />);
    expect(screen.getByRole('region', { name: 'Usage over time' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Cost over time' })).toBeNull();
    cleanup();
    render(<UsageCharts usage={{ success: true, days, dailyCost: 0, billing: 'prepaid' }} />);
    expect(screen.getByRole('region', { name: 'Cost over time' })).toBeTruthy();
  });
});
