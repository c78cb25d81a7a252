import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { STREAM_CUT_MESSAGE, streamChat } from './stream-chat';

const doneReply = {
  success: true,
  response: 'Hello there, friend',
  model: 'llama3.2',
  provider: 'ollama',
  conversationId: '7b0a6a43-7f51-4a3e-9a39-7c0f4a2f0d11',
  messageId: '0f7f2b6e-5d1a-4c55-9a5b-2a6a4d0f9e21',
  quality: { score: 0.72, category: 'good', issues: [] },
  attempts: 2,
  forced: false,
  sources: [],
};

/** A text/event-stream response that delivers the given pieces one by one. */
function sseResponse(pieces: string[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of pieces) controller.enqueue(encoder.encode(p));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

const ev = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function run(pieces: string[] | Response) {
  const tokens: string[] = [];
  const retries: Array<[number, string[]]> = [];
  const sources: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => (pieces instanceof Response ? pieces : sseResponse(pieces))),
  );
  const result = streamChat(
    { message: 'Hi' },
    {
      onToken: (t) => tokens.push(t),
      onRetry: (a, i) => retries.push([a, i]),
      onSources: (s) => sources.push(s),
    },
    new AbortController().signal,
  );
  return { result, tokens, retries, sources };
}

describe('streamChat', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands over tokens as they come, across split chunks, and resolves with the done reply', async () => {
    const text =
      ev('token', { text: 'Hello ' }) + ev('token', { text: 'there, ' }) + ev('token', { text: 'friend' });
    const all = text + ev('done', doneReply);
    // Split inside an event name, inside JSON and between the two newlines of a separator.
    const cuts = [5, 40, text.length - 1, text.length + 30];
    const pieces = cuts.map((c, i) => all.slice(i === 0 ? 0 : cuts[i - 1], c)).concat(all.slice(cuts.at(-1)));
    const { result, tokens } = run(pieces);
    await expect(result).resolves.toEqual(doneReply);
    expect(tokens).toEqual(['Hello ', 'there, ', 'friend']);
  });

  it('reports a retry with its attempt and issues', async () => {
    const { result, tokens, retries } = run([
      ev('token', { text: 'I cannot help' }),
      ev('retry', { attempt: 2, issues: ['canned phrase'] }),
      ev('token', { text: 'Hello there, friend' }),
      ev('done', doneReply),
    ]);
    await result;
    expect(retries).toEqual([[2, ['canned phrase']]]);
    expect(tokens).toEqual(['I cannot help', 'Hello there, friend']);
  });

  it('hands over the sources event, before the tokens', async () => {
    const source = { fileId: '5d9c2b8e-0e55-4a7a-9b36-9d6f3c1b7a10', fileName: 'report.pdf', snippet: 'Q3' };
    const { result, sources, tokens } = run([
      ev('sources', { sources: [source] }),
      ev('token', { text: 'From your report' }),
      ev('done', { ...doneReply, sources: [source] }),
    ]);
    expect((await result).sources).toEqual([source]);
    expect(sources).toEqual([[source]]);
    expect(tokens).toEqual(['From your report']);
  });

  it('reads a token whose data spans several data lines', async () => {
    const { result, tokens } = run([
      'event: token\ndata: {"text":\ndata: "two lines"}\n\n',
      ev('done', doneReply),
    ]);
    await result;
    expect(tokens).toEqual(['two lines']);
  });

  it("rejects with the error event's code and message", async () => {
    const { result } = run([
      ev('token', { text: 'Hel' }),
      ev('error', {
        success: false,
        error: { code: 'AI_STREAM_FAILED', message: 'The AI provider stopped' },
      }),
    ]);
    await expect(result).rejects.toMatchObject({
      code: 'AI_STREAM_FAILED',
      message: 'The AI provider stopped',
    });
  });

  it('rejects when the stream ends without its done event', async () => {
    const { result } = run([ev('token', { text: 'Hel' }), 'event: done\ndata: {"succ']);
    await expect(result).rejects.toMatchObject({ code: 'STREAM_CUT', message: STREAM_CUT_MESSAGE });
  });

  it("turns a JSON error before the stream into the server's message and status", async () => {
    const res = new Response(
      JSON.stringify({
        success: false,
        error: { code: 'AI_NO_PROVIDERS', message: 'No AI providers available' },
      }),
      { status: 503, headers: { 'content-type': 'application/json' } },
    );
    const err = await run(res).result.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, code: 'AI_NO_PROVIDERS', message: 'No AI providers available' });
  });

  it('sends the question as JSON to the stream endpoint', async () => {
    const { result } = run([ev('done', doneReply)]);
    await result;
    const [url, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/ai/chat/stream');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ message: 'Hi' });
  });

  it('stops reading when aborted', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(new TextEncoder().encode(ev('token', { text: 'Hel' })));
            init.signal?.addEventListener('abort', () => c.error(new DOMException('Aborted', 'AbortError')));
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const tokens: string[] = [];
    const result = streamChat(
      { message: 'Hi' },
      { onToken: (t) => tokens.push(t), onRetry: () => {} },
      controller.signal,
    );
    await vi.waitFor(() => expect(tokens).toEqual(['Hel']));
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
  });
});
