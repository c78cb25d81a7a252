import type { AiProviderRecord, AiUserKey } from '@stratos/contracts/ai/providers.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-error';

const apiRequest = vi.fn();
vi.mock('../../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
const { AiProvidersSettings } = await import('./ai-providers-settings');

const record = (id: AiProviderRecord['id'], name: string, keySource: AiProviderRecord['keySource']) =>
  ({
    id,
    name,
    keySource,
    status: 'available',
    defaultModel: 'llama3.2:3b',
    error: null,
  }) as AiProviderRecord;
const providers = [
  record('ollama', 'Ollama', 'none'),
  record('openai', 'OpenAI', 'user'),
  record('anthropic', 'Anthropic', 'platform'),
  record('google', 'Google', 'none'),
  record('huggingface', 'Hugging Face', 'none'),
];
const openaiKey: AiUserKey = {
  provider: 'openai',
  maskedKey: 'sk-…a1b2',
  status: 'error',
  error: 'Incorrect API key provided',
  needsReentry: false,
  checkedAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function serve(keys: AiUserKey[]) {
  apiRequest.mockImplementation((path: string, opts?: { method?: string; body?: { apiKey: string } }) => {
    if (path === '/ai/providers') return Promise.resolve({ success: true, data: { providers } });
    if (path === '/ai/keys') return Promise.resolve({ success: true, data: { keys } });
    if (opts?.method === 'PUT')
      return Promise.resolve({
        success: true,
        data: {
          key: { ...openaiKey, provider: 'google', maskedKey: 'AIz…9876', status: 'available', error: null },
        },
      });
    if (opts?.method === 'DELETE') return Promise.resolve({ success: true });
    return Promise.reject(new Error(`unexpected ${path}`));
  });
}

function renderTab() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <AiProvidersSettings />
      </AntApp>
    </QueryClientProvider>,
  );
}

const row = (name: string) => screen.getByRole('region', { name });
const click = (el: HTMLElement) => act(async () => void fireEvent.click(el));

describe('Settings › AI providers', () => {
  beforeEach(() => {
    apiRequest.mockReset();
  });
  afterEach(cleanup);

  it("shows whose key serves the user, the user's masked key with its failed check, and Ollama without a key", async () => {
    serve([openaiKey]);
    renderTab();
    await screen.findByText('sk-…a1b2');
    const openai = row('OpenAI');
    expect(within(openai).getByText('Your key')).toBeTruthy();
    expect(within(openai).getByText('Connection Failed')).toBeTruthy();
    expect(within(openai).getByText('Incorrect API key provided')).toBeTruthy();
    expect(within(openai).getByRole('button', { name: 'Replace key' })).toBeTruthy();
    expect(within(row('Anthropic')).getByText('Platform key')).toBeTruthy();
    expect(within(row('Google')).getByRole('button', { name: 'Add key' })).toBeTruthy();
    expect(screen.getByText(/needs no key/)).toBeTruthy();
  });

  it('marks a stored key the server can no longer read, and asks for it again', async () => {
    serve([{ ...openaiKey, needsReentry: true, error: 'This key can no longer be read. Enter it again.' }]);
    renderTab();
    await screen.findByText('sk-…a1b2');
    const openai = row('OpenAI');
    expect(within(openai).getByText('Needs re-entry')).toBeTruthy();
    expect(within(openai).getByText(/can no longer read this key/)).toBeTruthy();
    // Its last check says nothing about a key nobody can read.
    expect(within(openai).queryByText('Connection Failed')).toBeNull();
    await click(within(openai).getByRole('button', { name: 'Enter key again' }));
    expect(within(openai).getByLabelText('OpenAI API key')).toBeTruthy();
  });

  it('refuses a key shorter than 8 characters without calling the server, then saves a valid one trimmed', async () => {
    serve([]);
    renderTab();
    await screen.findByText('Google');
    await click(within(row('Google')).getByRole('button', { name: 'Add key' }));
    const input = within(row('Google')).getByLabelText('Google API key');
    fireEvent.change(input, { target: { value: 'short' } });
    await click(within(row('Google')).getByRole('button', { name: 'Save key' }));
    expect(await screen.findByText('An API key has at least 8 characters')).toBeTruthy();
    expect(apiRequest.mock.calls.some(([, o]) => o?.method === 'PUT')).toBe(false);

    fireEvent.change(input, { target: { value: '  AIzaSy-long-enough-9876 ' } });
    await click(within(row('Google')).getByRole('button', { name: 'Save key' }));
    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith(
        '/ai/keys/google',
        expect.objectContaining({ method: 'PUT', body: { apiKey: 'AIzaSy-long-enough-9876' } }),
      ),
    );
    expect(await screen.findByText('Google key saved and connected.')).toBeTruthy();
  });

  it("shows the server's error when it refuses a key", async () => {
    serve([]);
    const base = apiRequest.getMockImplementation();
    apiRequest.mockImplementation((path: string, opts?: { method?: string }) =>
      opts?.method === 'PUT'
        ? Promise.reject(new ApiError(400, 'VALIDATION_ERROR', 'The key was refused'))
        : base?.(path, opts),
    );
    renderTab();
    await screen.findByText('Google');
    await click(within(row('Google')).getByRole('button', { name: 'Add key' }));
    fireEvent.change(within(row('Google')).getByLabelText('Google API key'), {
      target: { value: 'AIzaSy-12345678' },
    });
    await click(within(row('Google')).getByRole('button', { name: 'Save key' }));
    expect(await screen.findByText('The key was refused')).toBeTruthy();
  });

  it('removes a key only after the confirmation', async () => {
    serve([openaiKey]);
    renderTab();
    await screen.findByText('sk-…a1b2');
    await click(within(row('OpenAI')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Remove your OpenAI key?').length).toBeGreaterThan(0);
    expect(apiRequest.mock.calls.some(([, o]) => o?.method === 'DELETE')).toBe(false);
    await click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith(
        '/ai/keys/openai',
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
  });

  it('says so when the providers cannot be loaded', async () => {
    apiRequest.mockRejectedValue(new ApiError(503, 'UNAVAILABLE', 'Service unavailable'));
    renderTab();
    expect(await screen.findByText("We couldn't load your AI providers")).toBeTruthy();
    expect(screen.getByText('Service unavailable')).toBeTruthy();
  });
});
