import type { SubscriptionStatusReply } from '@stratos/contracts/billing/payments.schema';
import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const GB = 1024 ** 3;
const plans: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    storageBytes: 5 * GB,
    aiQueriesPerMonth: 100,
    features: [],
    popular: false,
  },
  {
    id: 'basic',
    name: 'Basic',
    price: 999,
    storageBytes: 10 * GB,
    aiQueriesPerMonth: 1000,
    features: [],
    popular: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 1999,
    storageBytes: 100 * GB,
    aiQueriesPerMonth: 10000,
    features: [],
    popular: true,
  },
];
let session: { status: string; user: unknown } = { status: 'signedOut', user: null };
vi.mock('../../../lib/auth-session', () => ({ useSession: () => session }));
let status: SubscriptionStatusReply;
const apiRequest = vi.fn(async (path: string) => {
  if (path === '/payments/plans') return { success: true, plans };
  if (path === '/payments/subscription-status') return status;
  throw new Error(`unexpected ${path}`);
});
vi.mock('../../../lib/api-client', () => ({ apiRequest: (path: string) => apiRequest(path) }));
const { default: SubscriptionSuccessPage } = await import('./subscription-success-page');

const signedIn = () => {
  session = {
    status: 'signedIn',
    user: { id: 'u1', email: 'a@b.io', name: 'A', role: 'user', permissions: [] },
  };
};
const free: SubscriptionStatusReply = {
  has_active_subscription: false,
  billing: { current_plan: 'free', next_billing_date: null, total_spent: 0 },
  subscription: null,
};
const subscribed = (planId: string, start: Date): SubscriptionStatusReply => ({
  has_active_subscription: true,
  billing: { current_plan: planId, next_billing_date: '2026-07-01T00:00:00.000Z', total_spent: 999 },
  subscription: {
    id: 'sub_1',
    plan_id: planId,
    plan_name: planId === 'pro' ? 'Pro' : 'Basic',
    status: 'active',
    amount: planId === 'pro' ? 1999 : 999,
    current_period_start: start.toISOString(),
    current_period_end: '2026-07-01T00:00:00.000Z',
    cancel_at_period_end: false,
    card: { brand: 'visa', last4: '4242' },
  },
});

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AntApp>
          <SubscriptionSuccessPage />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const noClaims = () => {
  expect(screen.queryByText(/Subscription confirmed|Upgrade complete|Your plan is active/)).toBeNull();
  expect(screen.queryByText(/Taking you to your dashboard/)).toBeNull();
  expect(screen.queryByRole('region', { name: 'Your plan' })).toBeNull();
};

describe('/subscription-success shows the real subscription', () => {
  beforeEach(() => {
    session = { status: 'signedOut', user: null };
    status = free;
    apiRequest.mockClear();
  });
  afterEach(cleanup);

  it('asks a signed-out visitor to sign in and claims nothing, even with ?plan=pro&upgrade=true', async () => {
    renderAt('/subscription-success?plan=pro&upgrade=true');
    expect(await screen.findByText('Sign in to see your subscription')).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Sign In' });
    expect(signIn.getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/subscription-success?plan=pro&upgrade=true')}`,
    );
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/pricing');
    noClaims();
    expect(apiRequest).not.toHaveBeenCalledWith('/payments/subscription-status');
  });

  it('tells a free account typing ?plan=pro&upgrade=true that it has no subscription, and how to get one', async () => {
    signedIn();
    renderAt('/subscription-success?plan=pro&upgrade=true');
    expect(await screen.findByText('You have no paid subscription')).toBeTruthy();
    expect(screen.getByText(/Your account is on the Free plan\. Nothing has been charged/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe to Pro' }).getAttribute('href')).toBe(
      '/upgrade?plan=pro',
    );
    noClaims();
  });

  it('says a prepaid account pays from credits', async () => {
    signedIn();
    status = { ...free, billing: { ...free.billing, current_plan: 'prepaid' } };
    renderAt('/subscription-success');
    expect(await screen.findByText(/pays as you go from prepaid credits/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage credits' })).toBeTruthy();
    noClaims();
  });

  it('confirms a subscription paid just now, with what was paid, the card and the countdown', async () => {
    signedIn();
    status = subscribed('pro', new Date(Date.now() - 60_000));
    renderAt('/subscription-success?plan=professional');
    expect(await screen.findByRole('heading', { name: 'Subscription confirmed' })).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Your plan' });
    expect(card.textContent).toMatch(/Pro.*\$19\.99/);
    expect(within(card).getByText(/with Visa ending in 4242/)).toBeTruthy();
    expect(screen.getByText(/Taking you to your dashboard in 10 seconds/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard Now' })).toBeTruthy();
  });

  it('shows the account’s own plan when the link names another, and does not count down', async () => {
    signedIn();
    status = subscribed('basic', new Date('2026-01-01T00:00:00.000Z'));
    renderAt('/subscription-success?plan=pro&upgrade=true');
    expect(await screen.findByRole('heading', { name: 'Your Basic plan is active' })).toBeTruthy();
    expect(screen.queryByText('Upgrade complete')).toBeNull();
    expect(screen.getByText('Your subscription is Basic, not Pro')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Switch to Pro' }).getAttribute('href')).toBe(
      '/subscribe?plan=pro&switch=true',
    );
    expect(screen.queryByText(/Taking you to your dashboard in/)).toBeNull();
    expect(screen.getByRole('region', { name: 'Your plan' }).textContent).toMatch(/Basic.*\$9\.99/);
  });
});
