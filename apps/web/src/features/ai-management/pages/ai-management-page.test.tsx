import type { AiManagement } from '@stratos/contracts/ai/management.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { moveItem } from '../components/provider-labels';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
const { default: AiManagementPage } = await import('./ai-management-page');

const DEFAULT = ['openai', 'anthropic', 'ollama', 'huggingface', 'google'] as const;

function management(over: Partial<AiManagement> = {}): AiManagement {
  return {
    plans: [
      {
        planId: 'free',
        name: 'Free',
        aiQueriesPerMonth: 100,
        allowedModels: null,
        queriesThisMonth: 7,
        updatedAt: null,
      },
    ],
    providerOrder: [...DEFAULT],
    defaultProviderOrder: [...DEFAULT],
    models: [
      { provider: 'openai', model: 'gpt-4' },
      { provider: 'ollama', model: 'llama3.2' },
    ],
    ...over,
  };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntApp>
        <MemoryRouter>
          <AiManagementPage />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

beforeEach(() => apiRequest.mockReset());
afterEach(cleanup);

describe('AI management page', () => {
  it('shows each plan with its stored figures and saves a changed allowance', {
    timeout: 20_000,
  }, async () => {
    apiRequest.mockImplementation(async (_path: string, opts?: { method?: string; body?: unknown }) => {
      if (opts?.method === 'PUT') {
        return {
          success: true,
          data: { plan: { ...management().plans[0], aiQueriesPerMonth: 250 } },
        };
      }
      return { success: true, data: management() };
    });
    renderPage();
    const card = await screen.findByTestId('plan-free');
    expect(within(card).getByText('7 queries this month')).toBeTruthy();
    const save = within(card).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(card).getByLabelText('Free monthly AI queries'), { target: { value: '250' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith(
        '/ai/management/plans/free',
        expect.objectContaining({ method: 'PUT', body: { aiQueriesPerMonth: 250, allowedModels: null } }),
      ),
    );
  });

  it('moves a provider up and saves the new order', { timeout: 20_000 }, async () => {
    apiRequest.mockImplementation(
      async (_path: string, opts?: { method?: string; body?: { order: string[] } }) =>
        opts?.method === 'PUT'
          ? { success: true, data: { providerOrder: opts.body?.order } }
          : { success: true, data: management() },
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Move Ollama (local) up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith(
        '/ai/management/provider-order',
        expect.objectContaining({
          method: 'PUT',
          body: { order: ['openai', 'ollama', 'anthropic', 'huggingface', 'google'] },
        }),
      ),
    );
  });

  it('says what went wrong when the settings cannot be read', async () => {
    apiRequest.mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Something went wrong'));
    renderPage();
    expect(await screen.findByText('Could not load the AI settings')).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
  });
});

describe('moveItem', () => {
  it('swaps with the neighbour and leaves the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
