import type { AiProviderRecord, AiProviderSettings } from '@stratos/contracts/ai/providers.schema';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { providerRecord } from '../../../lib/ai/provider-record.fixture';
import { AiProvidersTab } from './ai-providers-tab';
import { renderWithApp } from './render-with-app';

const rec = (id: AiProviderRecord['id'], name: string, over: Partial<AiProviderRecord> = {}) =>
  providerRecord({ id, name, description: `${name} models`, ...over });

const RECORDS = [
  rec('ollama', 'Ollama', { status: 'available', lastResponseTime: 42, checkedAt: new Date().toISOString() }),
  rec('openai', 'OpenAI', { status: 'error', error: 'Invalid API key', keySource: 'platform' }),
  rec('assistant', 'Stratos Assistant', { status: 'unavailable' }),
];
const SETTINGS: AiProviderSettings[] = [
  { id: 'ollama', enabled: true, apiKey: null, needsReentry: false, baseUrl: 'http://ollama:11434' },
  { id: 'openai', enabled: true, apiKey: 'sk-…4321', needsReentry: false, baseUrl: null },
  { id: 'assistant', enabled: true, apiKey: null, needsReentry: false, baseUrl: null },
];

type Call = { method: string; url: string; body: unknown };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake server: GETs answer the lists; PUT and POST answer what `onWrite` returns. */
function serve(onWrite: (call: Call) => Response, opts: { failSettings?: number } = {}) {
  const calls: Call[] = [];
  let settingsFailures = opts.failSettings ?? 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url: String(input),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      if (call.method === 'GET' && call.url === '/api/ai/providers')
        return json(200, { success: true, data: { providers: RECORDS } });
      if (call.method === 'GET' && call.url === '/api/ai/providers/settings') {
        if (settingsFailures-- > 0)
          return json(403, {
            success: false,
            error: { code: 'FORBIDDEN', message: 'Superadmin access required' },
          });
        return json(200, { success: true, data: { settings: SETTINGS } });
      }
      return onWrite(call);
    }),
  );
  return calls;
}

const renderTab = () => renderWithApp(<AiProvidersTab />);

const card = async (name: string) => within(await screen.findByRole('listitem', { name }));
const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};
const settingsReply = (id: string, s: Partial<AiProviderSettings>) =>
  json(200, {
    success: true,
    data: {
      settings: { id, enabled: true, apiKey: null, needsReentry: false, baseUrl: null, ...s },
      provider: RECORDS.find((r) => r.id === id),
    },
  });

describe('AiProvidersTab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each provider with its badge, check, error and what can be set', async () => {
    serve(() => json(500, {}));
    renderTab();
    const ollama = await card('Ollama');
    expect(ollama.getByText('Connected')).toBeTruthy();
    expect(ollama.getByText(/· 42 ms$/)).toBeTruthy();
    expect(ollama.getByText('http://ollama:11434')).toBeTruthy();
    expect(ollama.queryByText('Platform API key')).toBeNull();

    const openai = await card('OpenAI');
    expect(openai.getByText('Connection Failed')).toBeTruthy();
    expect(openai.getByText('Invalid API key')).toBeTruthy();
    expect(openai.getByText('sk-…4321')).toBeTruthy();
    expect(openai.getByRole('button', { name: 'Replace' })).toBeTruthy();
    expect(openai.getByText('Not checked yet')).toBeTruthy();

    const assistant = await card('Stratos Assistant');
    expect(assistant.getByText('Not Connected')).toBeTruthy();
    expect(assistant.getByText('The assistant service has no settings.')).toBeTruthy();
    expect(assistant.queryByRole('switch')).toBeNull();
  });

  it("shows the server's refusal of a base URL inline and sends nothing for a blank one", async () => {
    const message =
      'This base URL points at a private, loopback or link-local address; only the configured Ollama host may';
    const calls = serve(() => json(400, { success: false, error: { code: 'AI_BASE_URL_PRIVATE', message } }));
    renderTab();
    const openai = await card('OpenAI');
    await click(openai.getByRole('button', { name: 'Edit' }));
    await click(openai.getByRole('button', { name: 'Save' }));
    expect(openai.getByText('Enter the base URL')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(openai.getByLabelText('OpenAI base URL'), { target: { value: ' http://10.0.0.1/v1 ' } });
    await click(openai.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(openai.getByText(message)).toBeTruthy());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/ai/providers/openai/settings', body: { baseUrl: 'http://10.0.0.1/v1' } },
    ]);
  });

  it('replaces a key through a password field, switches a provider off and checks all', async () => {
    const calls = serve((c) =>
      c.method === 'POST'
        ? json(200, { success: true, data: { providers: RECORDS } })
        : settingsReply('openai', c.body as Partial<AiProviderSettings>),
    );
    renderTab();
    const openai = await card('OpenAI');
    await click(openai.getByRole('button', { name: 'Replace' }));
    const input = openai.getByLabelText('OpenAI API key') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.change(input, { target: { value: 'sk-new-platform-key-0000' } });
    await click(openai.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('OpenAI: platform key saved')).toBeTruthy());

    await click(openai.getByRole('switch', { name: 'OpenAI enabled' }));
    await waitFor(() => expect(screen.getByText('OpenAI disabled')).toBeTruthy());

    await click(screen.getByRole('button', { name: /Check all now/ }));
    await waitFor(() => expect(screen.getByText('Checked all providers: 1 of 3 connected')).toBeTruthy());

    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      {
        method: 'PUT',
        url: '/api/ai/providers/openai/settings',
        body: { apiKey: 'sk-new-platform-key-0000' },
      },
      { method: 'PUT', url: '/api/ai/providers/openai/settings', body: { enabled: false } },
      { method: 'POST', url: '/api/ai/providers/test', body: undefined },
    ]);
  });

  it('clears a key only after confirming', async () => {
    const calls = serve((c) => settingsReply('openai', c.body as Partial<AiProviderSettings>));
    renderTab();
    const openai = await card('OpenAI');
    await click(openai.getByRole('button', { name: 'Clear' }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    const confirm = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-dangerous');
      expect(button?.textContent).toBe('Clear');
      return button as HTMLElement;
    });
    await click(confirm);
    await waitFor(() => expect(screen.getByText('OpenAI: platform key cleared')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/ai/providers/openai/settings', body: { apiKey: null } },
    ]);
  });

  it('says when the stored platform key can no longer be read, and offers to enter it again', async () => {
    const kept = SETTINGS[1] as AiProviderSettings;
    SETTINGS[1] = { ...kept, apiKey: null, needsReentry: true };
    try {
      serve(() => json(500, {}));
      renderTab();
      const openai = await card('OpenAI');
      expect(openai.getByText('Needs re-entry')).toBeTruthy();
      expect(openai.getByText(/can no longer read the stored key/)).toBeTruthy();
      await click(openai.getByRole('button', { name: 'Enter again' }));
      expect(openai.getByLabelText('OpenAI API key')).toBeTruthy();
    } finally {
      SETTINGS[1] = kept;
    }
  });

  it('shows why the settings did not load, and loads them on Retry', async () => {
    serve(() => json(500, {}), { failSettings: 1 });
    renderTab();
    await waitFor(() => expect(screen.getByText("Couldn't load the AI providers")).toBeTruthy());
    expect(screen.getByText('Superadmin access required')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card('OpenAI')).toBeTruthy();
  });
});
