import type { Recommendation } from '@stratos/contracts/ai/recommendations.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
const { default: AiRecommendationsPage } = await import('./ai-recommendations-page');

const rec: Recommendation = {
  id: 'analysis:00000000-0000-4000-8000-0000000000a1:abc',
  source: 'analysis',
  text: 'Urgent: rotate the key.',
  priority: 'High',
  category: 'security',
  fileId: '00000000-0000-4000-8000-0000000000a1',
  fileName: 'keys.txt',
  createdAt: '2026-01-02T03:04:05.000Z',
  improvementStatus: null,
  appliedAt: null,
  state: 'open',
  stateChangedAt: null,
};

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AntApp>
          <AiRecommendationsPage />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => apiRequest.mockReset());
afterEach(cleanup);

describe('AiRecommendationsPage', () => {
  it('lists recommendations with their file and dismisses one on the server', async () => {
    let dismissed = false;
    apiRequest.mockImplementation(async (path: string) => {
      if (path === '/ai/recommendations/state') {
        dismissed = true;
        return { success: true, data: { recommendation: { ...rec, state: 'dismissed' } } };
      }
      return {
        success: true,
        data: dismissed
          ? { items: [], counts: { open: 0, done: 0, dismissed: 1 } }
          : { items: [rec], counts: { open: 1, done: 0, dismissed: 0 } },
      };
    });
    renderPage();
    const card = await screen.findByRole('article', { name: rec.text });
    expect(
      within(card)
        .getByRole('link', { name: /keys\.txt/ })
        .getAttribute('href'),
    ).toBe(`/files?analysis=${rec.fileId}`);
    expect(
      within(card)
        .getByRole('link', { name: /Ask the assistant/ })
        .getAttribute('href'),
    ).toContain(`file=${rec.fileId}`);
    fireEvent.click(within(card).getByRole('button', { name: /Dismiss/ }));
    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith(
        '/ai/recommendations/state',
        expect.objectContaining({ body: { id: rec.id, state: 'dismissed' } }),
      ),
    );
    expect(await screen.findByText('Nothing waiting for you.')).toBeTruthy();
    expect(screen.getByText('Dismissed (1)')).toBeTruthy();
  });

  it('shows the empty state when there is nothing at all', async () => {
    apiRequest.mockResolvedValue({
      success: true,
      data: { items: [], counts: { open: 0, done: 0, dismissed: 0 } },
    });
    renderPage();
    expect(await screen.findByText('No recommendations yet')).toBeTruthy();
  });

  it('shows the error with Retry', async () => {
    apiRequest.mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Down for a moment'));
    apiRequest.mockResolvedValue({
      success: true,
      data: { items: [rec], counts: { open: 1, done: 0, dismissed: 0 } },
    });
    renderPage();
    expect(await screen.findByText('Failed to load recommendations')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('article', { name: rec.text })).toBeTruthy();
  });
});
