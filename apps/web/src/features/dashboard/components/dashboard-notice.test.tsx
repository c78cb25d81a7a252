import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const plan = (id: string, name: string, price: number): Plan => ({
  id,
  name,
  price,
  storageBytes: null,
  aiQueriesPerMonth: null,
  features: [],
  popular: false,
});
let accountPlan = 'free';
const apiRequest = vi.fn(async (path: string) => {
  if (path === '/payments/plans')
    return {
      success: true,
      plans: [plan('free', 'Free', 0), plan('basic', 'Basic', 999), plan('pro', 'Pro', 1999)],
    };
  if (path === '/auth/me')
    return {
      success: true,
      user: {
        id: '00000000-0000-4000-8000-000000000001',
        email: 'a@b.io',
        firstName: 'Ada',
        lastName: 'L',
        name: 'Ada L',
        company: null,
        role: 'user',
        permissions: [],
        subscriptionPlan: accountPlan,
        status: 'active',
        createdAt: '2026-01-01T00:00:00.000Z',
        lastLoginAt: null,
      },
    };
  throw new Error(path);
});
vi.mock('../../../lib/api-client', () => ({ apiRequest: (path: string) => apiRequest(path) }));
const { DashboardNotice } = await import('./dashboard-notice');

function renderAt(url: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <DashboardNotice />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the dashboard notice after onboarding', () => {
  afterEach(cleanup);

  it('names the account’s plan, Free, when the chosen Basic plan is not paid for yet', async () => {
    accountPlan = 'free';
    renderAt('/dashboard?onboarding=completed&plan=basic');
    expect(
      await screen.findByText('Plan: Free. The Basic plan you chose starts once you pay for it.'),
    ).toBeTruthy();
    expect(screen.queryByText('Plan: Basic')).toBeNull();
    expect(screen.getByRole('link', { name: 'Start your Basic plan' }).getAttribute('href')).toBe(
      '/subscribe?plan=basic',
    );
  });

  it('names the plan the account pays for, by its catalogue name', async () => {
    accountPlan = 'pro';
    renderAt('/dashboard?onboarding=completed&plan=professional');
    expect(await screen.findByText('Plan: Pro')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Start your/ })).toBeNull();
  });
});
