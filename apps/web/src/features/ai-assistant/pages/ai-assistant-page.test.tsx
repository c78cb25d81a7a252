import { ASSISTANT_MESSAGES, type AssistantAction } from '@stratos/contracts/ai/assistant.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
const { default: AiAssistantPage } = await import('./ai-assistant-page');

const FILE = '00000000-0000-4000-8000-0000000000a1';
const proposed: AssistantAction = {
  id: '00000000-0000-4000-8000-0000000000b1',
  kind: 'tag',
  status: 'proposed',
  files: [{ id: FILE, name: 'notes.txt' }],
  tags: ['work'],
  folderId: null,
  folderPath: null,
  reason: 'It is about work',
  request: 'tag my notes',
  result: null,
  error: null,
  createdAt: '2026-01-02T03:04:05.000Z',
  decidedAt: null,
};

function renderPage(url = '/ai-assistant') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AntApp>
          <AiAssistantPage />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

let actions: AssistantAction[];
beforeEach(() => {
  actions = [proposed];
  apiRequest.mockReset();
  apiRequest.mockImplementation(async (path: string, opts: { method?: string; body?: unknown } = {}) => {
    if (path.startsWith('/ai/assistant/workspace'))
      return {
        success: true,
        data: {
          files: [
            {
              id: FILE,
              name: 'notes.txt',
              type: 'text/plain',
              size: 3,
              path: '/My Files',
              folderId: null,
              tags: [],
              updatedAt: proposed.createdAt,
            },
          ],
          folders: [],
        },
      };
    if (path === '/ai/assistant/actions' && !opts.method) return { success: true, data: { actions } };
    if (path.endsWith('/retry')) {
      const again = { ...proposed, id: '00000000-0000-4000-8000-0000000000b2' };
      actions = [again, ...actions];
      return { success: true, data: { action: again } };
    }
    if (path.endsWith('/confirm')) {
      actions = [{ ...proposed, status: 'done', result: { tagged: [{ fileId: FILE, tags: ['work'] }] } }];
      return { success: true, data: { action: actions[0] } };
    }
    throw new Error(`unexpected ${path}`);
  });
});
afterEach(cleanup);

describe('AiAssistantPage', () => {
  it('runs a proposal only when Confirm is clicked, with confirm: true', async () => {
    renderPage();
    const waiting = await screen.findByRole('region', { name: 'Waiting for confirmation' });
    const card = within(waiting).getByRole('article', { name: 'Tag notes.txt with “work”' });
    expect(within(card).getByText('Why: It is about work')).toBeTruthy();
    expect(apiRequest.mock.calls.some(([p]) => String(p).endsWith('/confirm'))).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: /Confirm/ }));
    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith(
        `/ai/assistant/actions/${proposed.id}/confirm`,
        expect.objectContaining({ method: 'POST', body: { confirm: true } }),
      ),
    );
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText('Tagged 1 file.')).toBeTruthy();
  });

  it('picks the file named in the address and fills the request', async () => {
    renderPage(`/ai-assistant?file=${FILE}&ask=${encodeURIComponent('Tidy it')}`);
    const box = await screen.findByRole('checkbox', { name: /notes\.txt/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Your request') as HTMLTextAreaElement).value).toBe('Tidy it');
    expect(screen.getByRole('button', { name: /Propose for 1 file/ })).toBeTruthy();
  });

  it('shows an error with Retry when the actions cannot be read', async () => {
    const base = apiRequest.getMockImplementation();
    apiRequest.mockImplementation(async (path: string, opts?: { method?: string }) => {
      if (path === '/ai/assistant/actions') throw new ApiError(500, 'INTERNAL', 'Server exploded');
      return base?.(path, opts);
    });
    renderPage();
    expect(await screen.findByText("Failed to load the assistant's actions")).toBeTruthy();
    expect(screen.getByText('Server exploded')).toBeTruthy();
  });

  it('shows why an interrupted action failed and proposes it again on Retry', async () => {
    actions = [
      {
        ...proposed,
        status: 'failed',
        decidedAt: proposed.createdAt,
        error: ASSISTANT_MESSAGES.interrupted,
      },
    ];
    renderPage();
    const history = await screen.findByRole('region', { name: 'History' });
    const card = within(history).getByRole('article', { name: 'Tag notes.txt with “work”' });
    expect(within(card).getByText(ASSISTANT_MESSAGES.interrupted)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: /Retry/ }));
    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith(
        `/ai/assistant/actions/${proposed.id}/retry`,
        expect.objectContaining({ method: 'POST' }),
      ),
    );
    const waiting = await screen.findByRole('region', { name: 'Waiting for confirmation' });
    expect(within(waiting).getByRole('button', { name: /Confirm/ })).toBeTruthy();
  });
});
