import type { AiDashboard } from '@stratos/contracts/ai/analysis.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
const { AiSummary } = await import('./ai-summary');

/** Nothing analysed: every count zero, every list empty. */
const base: AiDashboard = {
  ...{ totalAnalyses: 0, analyzedFiles: 0, pendingAnalyses: 0, insightCount: 0, recommendationCount: 0 },
  ...{ failedAnalyses: 0, unsupportedAnalyses: 0, failures: [] },
  ...{ insights: [], recommendations: [], providers: [], categories: [] },
  ...{ status: 'healthy', activeModels: 1, averageConfidence: null, lastAnalyzedAt: null },
};

function renderSummary(data: AiDashboard) {
  apiRequest.mockResolvedValue({ success: true, data });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AiSummary />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AI Intelligence Summary', () => {
  afterEach(() => {
    cleanup();
    apiRequest.mockReset();
  });

  it('shows the analysed files, the average confidence and the top insight from GET /api/ai/dashboard', async () => {
    renderSummary({
      ...base,
      totalAnalyses: 4,
      analyzedFiles: 3,
      averageConfidence: 0.756,
      insightCount: 5,
      insights: [
        {
          type: 'security',
          title: 'Shared password',
          description: 'A password is written in clear text.',
          priority: 'high',
          fileId: '00000000-0000-4000-8000-000000000001',
          fileName: 'creds.txt',
        },
      ],
    });
    expect(await screen.findByText('Shared password')).toBeTruthy();
    expect(apiRequest).toHaveBeenCalledWith('/ai/dashboard', expect.anything());
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getByText('76%')).toBeTruthy();
    expect(screen.getByText('5')).toBeTruthy();
    expect(screen.getByText('(creds.txt)')).toBeTruthy();
    expect(screen.getByRole('link', { name: /AI dashboard/ }).getAttribute('href')).toBe('/ai/dashboard');
  });

  it('says plainly when nothing is analysed, and when analyses are on the way', async () => {
    renderSummary(base);
    expect(await screen.findByText('No AI analyses yet')).toBeTruthy();
    cleanup();
    renderSummary({ ...base, pendingAnalyses: 2 });
    expect(await screen.findByText(/2 files are being analysed now/)).toBeTruthy();
  });
});

describe('AI Intelligence Summary with failed analyses', () => {
  afterEach(() => {
    cleanup();
    apiRequest.mockReset();
  });

  it('says how many files could not be analysed and links to the AI dashboard', async () => {
    renderSummary({ ...base, failedAnalyses: 2 });
    const link = await screen.findByRole('link', { name: /2 files could not be analysed/ });
    expect(link.getAttribute('href')).toBe('/ai/dashboard');
  });
});
