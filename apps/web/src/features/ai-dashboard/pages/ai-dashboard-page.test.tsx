import type { AiDashboard } from '@stratos/contracts/ai/analysis.schema';
import type { AiProviderRecord } from '@stratos/contracts/ai/providers.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { providerRecord } from '../../../lib/ai/provider-record.fixture';
import { ApiError } from '../../../lib/api-error';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
const { default: AiDashboardPage } = await import('./ai-dashboard-page');

const FILE = '00000000-0000-4000-8000-0000000000a1';
const provider = (over: Partial<AiProviderRecord>): AiProviderRecord =>
  providerRecord({
    priority: 3,
    defaultModel: 'llama3.2:3b',
    status: 'available',
    lastResponseTime: 37,
    ...over,
  });

function dashboard(over: Partial<AiDashboard> = {}): AiDashboard {
  return {
    status: 'healthy',
    totalAnalyses: 3,
    averageConfidence: 0.8,
    analyzedFiles: 2,
    pendingAnalyses: 0,
    failedAnalyses: 0,
    unsupportedAnalyses: 0,
    failures: [],
    insightCount: 7,
    recommendationCount: 4,
    insights: [
      {
        type: 'security',
        title: 'Contains a password',
        description: 'Line 3 holds a password in clear text.',
        priority: 'high',
        fileId: FILE,
        fileName: 'notes.txt',
      },
    ],
    recommendations: [{ fileId: FILE, fileName: 'notes.txt', text: 'Move the password to a vault.' }],
    activeModels: 2,
    providers: [
      provider({}),
      provider({
        id: 'openai',
        type: 'api',
        name: 'OpenAI',
        status: 'error',
        error: 'Invalid key',
        defaultModel: 'gpt-4o-mini',
        lastResponseTime: null,
      }),
    ],
    categories: [{ category: 'notes', count: 2 }],
    lastAnalyzedAt: '2026-01-02T03:04:05.000Z',
    ...over,
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
          <AiDashboardPage />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const region = (name: string) => screen.getByRole('region', { name });

describe('AI dashboard page', () => {
  beforeEach(() => {
    apiRequest.mockReset();
  });
  afterEach(cleanup);

  it('shows the server figures, the insights with links to their files and the real provider records', async () => {
    apiRequest.mockResolvedValue({ success: true, data: dashboard() });
    renderPage();
    await screen.findByText('Contains a password');
    expect(apiRequest).toHaveBeenCalledWith('/ai/dashboard', expect.anything());
    expect(within(region('Files analysed')).getByText('2')).toBeTruthy();
    expect(within(region('AI insights')).getByText('7')).toBeTruthy();
    expect(within(region('Recommendations')).getByText('4')).toBeTruthy();
    expect(within(region('Active models')).getByText('2')).toBeTruthy();
    expect(screen.getByText('+6 more')).toBeTruthy();
    expect(screen.getByText('Move the password to a vault.')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: /notes\.txt/ });
    expect(links[0]?.getAttribute('href')).toBe(`/files?analysis=${FILE}`);
    const models = screen.getByRole('list', { name: 'Model status' });
    expect(within(models).getByText('Ollama')).toBeTruthy();
    expect(within(models).getByText('37 ms')).toBeTruthy();
    expect(within(models).getByText('Invalid key')).toBeTruthy();
    expect(within(models).getByText('gpt-4o-mini')).toBeTruthy();
  });

  it('shows the honest empty state when nothing is analysed', async () => {
    apiRequest.mockResolvedValue({
      success: true,
      data: dashboard({ analyzedFiles: 0, totalAnalyses: 0, insights: [], recommendations: [] }),
    });
    renderPage();
    expect(await screen.findByText('No files analysed yet')).toBeTruthy();
    expect(screen.queryByText('Insights')).toBeNull();
  });

  it("shows 'Failed to load AI dashboard' and retries", async () => {
    apiRequest.mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Something went wrong'));
    renderPage();
    expect(await screen.findByText('Failed to load AI dashboard')).toBeTruthy();
    apiRequest.mockResolvedValue({ success: true, data: dashboard() });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    });
    await screen.findByText('Contains a password');
    expect(screen.queryByText('Failed to load AI dashboard')).toBeNull();
  });

  it('queues the files with "Analyse my files", says how many, and reloads', async () => {
    apiRequest.mockImplementation((path: string) =>
      path === '/ai/analyze-files'
        ? Promise.resolve({ success: true, data: { queued: 3, retried: 0 } })
        : Promise.resolve({ success: true, data: dashboard() }),
    );
    renderPage();
    await screen.findByText('Contains a password');
    const before = apiRequest.mock.calls.filter(([p]) => p === '/ai/dashboard').length;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Analyse my files/ }));
    });
    expect(await screen.findByText('Queued 3 files for analysis.')).toBeTruthy();
    expect(apiRequest).toHaveBeenCalledWith('/ai/analyze-files', expect.objectContaining({ method: 'POST' }));
    await waitFor(() =>
      expect(apiRequest.mock.calls.filter(([p]) => p === '/ai/dashboard').length).toBeGreaterThan(before),
    );
  });

  it('counts and lists failed analyses with their reason, and retries one or all of them', async () => {
    const FAILED = '00000000-0000-4000-8000-0000000000b2';
    const EMPTY = '00000000-0000-4000-8000-0000000000c3';
    const failing = dashboard({
      failedAnalyses: 1,
      unsupportedAnalyses: 1,
      failures: [
        {
          fileId: FAILED,
          fileName: 'minutes.txt',
          status: 'failed',
          error: 'The model did not answer with JSON',
          updatedAt: '2026-01-02T03:04:05.000Z',
        },
        {
          fileId: EMPTY,
          fileName: 'blank.md',
          status: 'unsupported',
          error: 'No text was found in this file',
          updatedAt: '2026-01-01T03:04:05.000Z',
        },
      ],
    });
    apiRequest.mockImplementation((path: string) => {
      if (path === '/ai/dashboard') return Promise.resolve({ success: true, data: failing });
      if (path === '/ai/analyze-files')
        return Promise.resolve({ success: true, data: { queued: 1, retried: 1 } });
      return Promise.resolve({ success: true, data: { analysis: null } });
    });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Files not analysed' });
    expect(within(card).getByText('Files not analysed (2)')).toBeTruthy();
    expect(within(region('Files analysed')).getByText(/1 failed/)).toBeTruthy();
    expect(within(card).getByText(/The model did not answer with JSON/)).toBeTruthy();
    expect(within(card).getByText(/No text was found in this file/)).toBeTruthy();
    // Only the failed one can be retried.
    const retries = within(card).getAllByRole('button', { name: /^Retry the analysis of/ });
    expect(retries.map((b) => b.getAttribute('aria-label'))).toEqual(['Retry the analysis of minutes.txt']);
    await act(async () => {
      fireEvent.click(retries[0] as HTMLElement);
    });
    expect(apiRequest).toHaveBeenCalledWith(
      `/files/${FAILED}/analysis`,
      expect.objectContaining({ method: 'POST' }),
    );
    expect(await screen.findByText('Analysing minutes.txt again.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Retry all failed' }));
    });
    expect(apiRequest).toHaveBeenCalledWith('/ai/analyze-files', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByText('Trying 1 failed analysis again.')).toBeTruthy();
  });

  it('says how many analyses are pending, and reloads when a file is uploaded', async () => {
    apiRequest.mockResolvedValue({ success: true, data: dashboard({ pendingAnalyses: 2 }) });
    renderPage();
    expect(await screen.findByText(/^2 files being analysed/)).toBeTruthy();
    const before = apiRequest.mock.calls.length;
    await act(async () => {
      window.dispatchEvent(new Event('fileUploaded'));
    });
    await waitFor(() => expect(apiRequest.mock.calls.length).toBeGreaterThan(before));
  });
});
