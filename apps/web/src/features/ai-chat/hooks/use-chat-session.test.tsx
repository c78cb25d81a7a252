import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useChatSession } from './use-chat-session';

const CONVERSATION = '7b0a6a43-7f51-4a3e-9a39-7c0f4a2f0d11';
const MESSAGE = '0f7f2b6e-5d1a-4c55-9a5b-2a6a4d0f9e21';
const done = {
  success: true,
  response: 'TCP keeps order; UDP does not.',
  model: 'llama3.2',
  provider: 'ollama',
  conversationId: CONVERSATION,
  messageId: MESSAGE,
  quality: { score: 0.85, category: 'excellent', issues: [] },
  attempts: 2,
  forced: false,
  sources: [],
};
const ev = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A stream response whose events the test pushes one at a time. */
function controlledStream() {
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      ctrl = c;
    },
  });
  const response = new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  return {
    response,
    push: (t: string) => ctrl.enqueue(new TextEncoder().encode(t)),
    close: () => ctrl.close(),
    /** What a real fetch does to its body when its signal aborts. */
    abort: () => ctrl.error(new DOMException('The operation was aborted.', 'AbortError')),
  };
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const options = { temperature: 0.8 };

describe('useChatSession', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('streams a reply, drops the text a retry event discards, and names the new conversation', async () => {
    const stream = controlledStream();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => stream.response),
    );
    const onStored = vi.fn();
    const { result } = renderHook(() => useChatSession(undefined, onStored), { wrapper });

    act(() => void result.current.send('  Compare TCP and UDP ', options));
    await waitFor(() => expect(result.current.entries).toHaveLength(2));
    expect(result.current.entries[0]).toMatchObject({ role: 'user', content: 'Compare TCP and UDP' });
    expect(result.current.busy).toBe(true);
    expect(result.current.thinkingSince).not.toBeNull();

    act(() => stream.push(ev('token', { text: 'I cannot ' })));
    await waitFor(() => expect(result.current.entries[1]?.content).toBe('I cannot '));
    expect(result.current.thinkingSince).toBeNull();

    act(() => stream.push(ev('retry', { attempt: 2, issues: ['canned'] })));
    await waitFor(() => expect(result.current.entries[1]).toMatchObject({ content: '', retryAttempt: 2 }));

    act(() => {
      stream.push(ev('token', { text: 'TCP keeps order; ' }));
      stream.push(ev('done', done));
      stream.close();
    });
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.entries[1]).toMatchObject({
      role: 'assistant',
      content: done.response,
      messageId: MESSAGE,
      quality: { category: 'excellent' },
    });
    expect(result.current.entries[1]?.streaming).toBeUndefined();
    expect(result.current.conversationId).toBe(CONVERSATION);
    expect(onStored).toHaveBeenCalledWith(CONVERSATION);
    const body = JSON.parse(String(vi.mocked(fetch).mock.calls[0]?.[1]?.body));
    expect(body).toEqual({ message: 'Compare TCP and UDP', temperature: 0.8 });
  });

  it("shows the server's error in place of the exchange, and Retry asks the same question again", async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(
          JSON.stringify({
            success: false,
            error: { code: 'AI_NO_PROVIDERS', message: 'No AI providers available' },
          }),
          { status: 503, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useChatSession(undefined, () => {}), { wrapper });

    await act(() => result.current.send('Hello there', options));
    expect(result.current.failure).toEqual({ message: 'No AI providers available', question: 'Hello there' });
    expect(result.current.entries).toEqual([]);

    await act(async () => result.current.retry(options));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toMatchObject({ message: 'Hello there' });
  });

  it('Stop aborts the stream and keeps what arrived, marked as stopped', async () => {
    const stream = controlledStream();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        init.signal?.addEventListener('abort', stream.abort);
        return stream.response;
      }),
    );
    const { result } = renderHook(() => useChatSession(undefined, () => {}), { wrapper });
    act(() => void result.current.send('Tell me a story', options));
    act(() => stream.push(ev('token', { text: 'Once upon' })));
    await waitFor(() => expect(result.current.entries[1]?.content).toBe('Once upon'));

    act(() => result.current.stop());
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.entries[1]).toMatchObject({
      content: 'Once upon',
      stopped: true,
      streaming: false,
    });
    expect(result.current.failure).toBeNull();
  });

  it("opens a key of the user's that names nothing yet as an empty conversation, and sends under that key", async () => {
    const stream = controlledStream();
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.startsWith('/api/ai/conversations/')
        ? new Response(
            JSON.stringify({
              success: false,
              error: { code: 'CONVERSATION_NOT_FOUND', message: 'Conversation not found' },
            }),
            { status: 404, headers: { 'content-type': 'application/json' } },
          )
        : stream.response,
    );
    vi.stubGlobal('fetch', fetchMock);
    const onStored = vi.fn();
    const { result } = renderHook(() => useChatSession('default', onStored), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.loadError).toBeNull();
    expect(result.current.entries).toEqual([]);

    act(() => void result.current.send('Hello', options));
    act(() => {
      stream.push(ev('done', done));
      stream.close();
    });
    await waitFor(() => expect(result.current.busy).toBe(false));
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/ai/chat/stream');
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({
      message: 'Hello',
      conversationId: 'default',
    });
    // The URL keeps the key; later messages go to the stored conversation.
    expect(onStored).not.toHaveBeenCalled();
    expect(result.current.conversationId).toBe(CONVERSATION);
  });

  it('still reports a stored conversation id that cannot be found', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: false,
              error: { code: 'CONVERSATION_NOT_FOUND', message: 'Conversation not found' },
            }),
            { status: 404, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    const { result } = renderHook(() => useChatSession(CONVERSATION, () => {}), { wrapper });
    await waitFor(() => expect(result.current.loadError).toBe('Conversation not found'));
  });
});
