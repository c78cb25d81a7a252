import type { UsageReport } from '@stratos/contracts/ai/analytics.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
const { default: AiAnalyticsPage } = await import('./ai-analytics-page');

const USER = '00000000-0000-4000-8000-0000000000c1';
const figures = (calls: number, cost: number) => ({
  calls,
  failures: 1,
  promptTokens: 100 * calls,
  completionTokens: 50 * calls,
  tokens: 150 * calls,
  cost,
});

function report(over: Partial<UsageReport> = {}): UsageReport {
  return {
    from: '2026-03-01',
    to: '2026-03-02',
    scope: 'all',
    totals: figures(4, 0.0123),
    days: [
      { day: '2026-03-01', ...figures(3, 0.01) },
      { day: '2026-03-02', ...figures(1, 0.0023) },
    ],
    byModel: [{ key: 'gpt-4', provider: 'openai', ...figures(4, 0.0123), avgResponseMs: 812 }],
    byProvider: [{ key: 'openai', provider: null, ...figures(4, 0.0123), avgResponseMs: 812 }],
    byOperation: [{ key: 'chat', provider: null, ...figures(4, 0.0123), avgResponseMs: 812 }],
    byUser: [{ userId: USER, email: 'ann@example.test', name: 'Ann Lee', ...figures(4, 0.0123) }],
    ...over,
  };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AntApp>
          <AiAnalyticsPage />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AI analytics page', () => {
  beforeEach(() => apiRequest.mockReset());
  afterEach(cleanup);

  it("shows the server's figures and narrows an admin's view to one user", async () => {
    apiRequest.mockResolvedValue({ success: true, data: report() });
    renderPage();
    expect((await screen.findAllByText('$0.0123')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('600').length).toBeGreaterThan(0);
    expect(screen.getByText('75%')).toBeTruthy();
    expect(screen.getByText('gpt-4')).toBeTruthy();
    expect(screen.getAllByText('812 ms').length).toBeGreaterThan(0);
    const first = apiRequest.mock.calls[0];
    expect(first?.[0]).toBe('/ai/analytics/usage');
    expect(first?.[1].query).toMatchObject({ userId: null });
    apiRequest.mockResolvedValue({ success: true, data: report({ scope: 'user', byUser: null }) });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Ann Lee/ }));
    });
    expect(await screen.findByText('Only Ann Lee')).toBeTruthy();
    expect(apiRequest.mock.calls.at(-1)?.[1].query).toMatchObject({ userId: USER });
  }, 15_000);

  it('says when the range has no calls', async () => {
    apiRequest.mockResolvedValue({
      success: true,
      data: report({ scope: 'own', totals: { ...figures(0, 0), failures: 0 }, byUser: null }),
    });
    renderPage();
    expect(await screen.findByText('No AI calls in this range')).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    apiRequest.mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Something went wrong'));
    renderPage();
    expect(await screen.findByText("We couldn't load the AI analytics")).toBeTruthy();
    apiRequest.mockResolvedValue({ success: true, data: report() });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    });
    expect((await screen.findAllByText('$0.0123')).length).toBeGreaterThan(0);
  });
});
