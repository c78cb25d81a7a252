import type { FileAnalysis } from '@stratos/contracts/ai/analysis.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
const { FileAnalysisDrawer } = await import('./file-analysis-drawer');

const FILE = '00000000-0000-4000-8000-0000000000f1';
const analysis = (over: Partial<FileAnalysis>): FileAnalysis => ({
  id: '00000000-0000-4000-8000-0000000000e1',
  fileId: FILE,
  status: 'completed',
  summary: 'Quarterly notes about the budget.',
  category: 'finance',
  tags: ['budget', 'q3'],
  insights: [
    { type: 'content', title: 'Budget is over plan', description: 'Spend is 12% above.', priority: 'high' },
  ],
  recommendations: ['Share it with the finance team.'],
  confidence: 0.9,
  model: 'llama3.2:3b',
  provider: 'ollama',
  charsAnalyzed: 420,
  truncated: false,
  error: null,
  runs: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  completedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** Answers GET with `current` (which a test may change) and records POSTs. */
let current: FileAnalysis | null = null;
function serve() {
  apiRequest.mockImplementation((_path: string, opts?: { method?: string }) => {
    if (opts?.method === 'POST') {
      current = analysis({ status: 'pending', summary: null, insights: [], recommendations: [] });
      return Promise.resolve({ success: true, data: { analysis: current } });
    }
    return Promise.resolve({ success: true, data: { analysis: current } });
  });
}

function renderDrawer() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <FileAnalysisDrawer fileId={FILE} fileName="notes.txt" onClose={() => {}} />
      </AntApp>
    </QueryClientProvider>,
  );
}

const posts = () => apiRequest.mock.calls.filter(([, o]) => o?.method === 'POST');

describe('File analysis drawer', () => {
  beforeEach(() => {
    apiRequest.mockReset();
    current = null;
    serve();
  });
  afterEach(cleanup);

  it('shows a completed analysis: summary, category, tags, insights, recommendations, model', async () => {
    current = analysis({});
    renderDrawer();
    expect(await screen.findByText('Quarterly notes about the budget.')).toBeTruthy();
    expect(apiRequest).toHaveBeenCalledWith(`/files/${FILE}/analysis`, expect.anything());
    expect(screen.getByText('AI analysis: notes.txt')).toBeTruthy();
    expect(screen.getByText('finance')).toBeTruthy();
    expect(screen.getByText('q3')).toBeTruthy();
    expect(screen.getByText('Budget is over plan')).toBeTruthy();
    expect(screen.getByText('Share it with the finance team.')).toBeTruthy();
    expect(screen.getByText(/llama3\.2:3b on ollama · 90% confident/)).toBeTruthy();
  });

  it('offers Analyse for a file never analysed, queues it and shows it waiting', async () => {
    renderDrawer();
    await screen.findByText('Not analysed yet');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    });
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.[0]).toBe(`/files/${FILE}/analysis`);
    expect(await screen.findByText('Waiting in the analysis queue…')).toBeTruthy();
  });

  it('shows why an analysis failed and tries again', async () => {
    current = analysis({ status: 'failed', error: 'All AI providers failed', summary: null });
    renderDrawer();
    expect(await screen.findByText('All AI providers failed')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    });
    await waitFor(() => expect(posts()).toHaveLength(1));
  });

  it('explains a file that cannot be analysed, with no button to retry', async () => {
    current = analysis({ status: 'unsupported', error: null, summary: null });
    renderDrawer();
    expect(
      await screen.findByText(
        'This file type cannot be analysed yet (text, Markdown, CSV, JSON, PDF and DOCX can)',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Analyse|Try again/ })).toBeNull();
  });

  it('explains in place when the server refuses to analyse the file type', async () => {
    const message = 'This file type cannot be analysed yet (text, Markdown, CSV, JSON, PDF and DOCX can)';
    apiRequest.mockImplementation((_path: string, opts?: { method?: string }) =>
      opts?.method === 'POST'
        ? Promise.reject(new ApiError(400, 'ANALYSIS_UNSUPPORTED', message))
        : Promise.resolve({ success: true, data: { analysis: null } }),
    );
    renderDrawer();
    await screen.findByText('Not analysed yet');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText("This file can't be analysed")).toBeTruthy();
  });
});
