import type { BenchmarkRunDetail } from '@stratos/contracts/ai/benchmark.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
const { default: AiBenchmarkPage } = await import('./ai-benchmark-page');

const RUN = '00000000-0000-4000-8000-0000000000b1';
const PROMPTS = [
  { id: 'factual-x', category: 'factual' as const, prompt: 'Explain photosynthesis.' },
  { id: 'coding-x', category: 'coding' as const, prompt: 'Write a palindrome check.' },
];

function result(promptId: string, latencyMs: number) {
  return {
    provider: 'ollama',
    model: 'llama3.2',
    promptId,
    category: promptId.startsWith('factual') ? ('factual' as const) : ('coding' as const),
    success: true,
    error: null,
    answeredBy: 'ollama',
    latencyMs,
    firstTokenMs: 40,
    promptTokens: 12,
    completionTokens: 8,
    tokens: 20,
    cost: 0,
    quality: 'good' as const,
    qualityScore: 0.7,
    createdAt: '2026-03-01T10:00:00.000Z',
  };
}

function run(done: number, status: BenchmarkRunDetail['status']): BenchmarkRunDetail {
  const results = [result('factual-x', 410), result('coding-x', 530)].slice(0, done);
  return {
    id: RUN,
    status,
    providers: ['ollama'],
    total: 2,
    done,
    error: null,
    startedAt: '2026-03-01T10:00:00.000Z',
    finishedAt: status === 'running' ? null : '2026-03-01T10:00:02.000Z',
    results,
    summary: [
      {
        provider: 'ollama',
        model: 'llama3.2',
        calls: done,
        failures: 0,
        avgLatencyMs: done ? results.reduce((s, r) => s + r.latencyMs, 0) / done : null,
        avgFirstTokenMs: done ? 40 : null,
        tokens: 20 * done,
        cost: 0,
        avgQualityScore: done ? 0.7 : null,
      },
    ],
  };
}

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AntApp>
          <AiBenchmarkPage />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AI benchmark page', () => {
  beforeEach(() => apiRequest.mockReset());
  afterEach(cleanup);

  it('starts a run, follows its progress by polling and shows the measured results', async () => {
    let runs: BenchmarkRunDetail[] = [];
    const reads = [run(0, 'running'), run(1, 'running'), run(2, 'completed')];
    apiRequest.mockImplementation((path: string, opts?: { method?: string }) => {
      if (path === '/ai/benchmark/runs' && opts?.method === 'POST') {
        runs = [run(0, 'running')];
        return Promise.resolve({ success: true, data: run(0, 'running') });
      }
      if (path === '/ai/benchmark/runs')
        return Promise.resolve({ success: true, data: { runs, prompts: PROMPTS } });
      return Promise.resolve({ success: true, data: reads.length > 1 ? reads.shift() : reads[0] });
    });
    renderPage();
    expect(await screen.findByText('No benchmark yet')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: /Run benchmark/ })[0] as HTMLElement);
    });
    expect(await screen.findByText(/Running: [01] of 2 prompts measured/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Benchmark running/ })[0]?.hasAttribute('disabled')).toBe(
      true,
    );
    // Polled once a second until the run is done.
    expect(await screen.findByText('factual', {}, { timeout: 4000 })).toBeTruthy();
    await screen.findByText('530 ms', {}, { timeout: 4000 });
    expect(screen.queryByText(/Running:/)).toBeNull();
    expect(screen.getByText('470 ms')).toBeTruthy();
    expect(
      apiRequest.mock.calls.filter(([p]) => p === `/ai/benchmark/runs/${RUN}`).length,
    ).toBeGreaterThanOrEqual(2);
  }, 15_000);

  it('says why a run could not start (one at a time)', async () => {
    apiRequest.mockImplementation((_path: string, opts?: { method?: string }) =>
      opts?.method === 'POST'
        ? Promise.reject(
            new ApiError(
              409,
              'BENCHMARK_RUNNING',
              'A benchmark run is already in progress; wait for it to finish',
            ),
          )
        : Promise.resolve({ success: true, data: { runs: [], prompts: PROMPTS } }),
    );
    renderPage();
    await screen.findByText('No benchmark yet');
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: /Run benchmark/ })[0] as HTMLElement);
    });
    expect(
      await screen.findByText('A benchmark run is already in progress; wait for it to finish'),
    ).toBeTruthy();
  });

  it('shows an error with a retry when the history cannot be read', async () => {
    apiRequest.mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Something went wrong'));
    renderPage();
    expect(await screen.findByText("We couldn't load your benchmarks")).toBeTruthy();
    apiRequest.mockResolvedValue({ success: true, data: { runs: [], prompts: PROMPTS } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    });
    expect(await screen.findByText('No benchmark yet')).toBeTruthy();
  });
});
