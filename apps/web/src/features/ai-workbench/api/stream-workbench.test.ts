import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { streamWorkbench, WORKBENCH_CUT_MESSAGE } from './stream-workbench';

const done = {
  provider: 'openai',
  model: 'gpt-4',
  text: 'Mulch the beds.',
  promptTokens: 25,
  completionTokens: 40,
  totalTokens: 65,
  cost: 0.00195,
  firstTokenMs: 120,
  latencyMs: 900,
  failed: [],
};

function sseResponse(pieces: string[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of pieces) controller.enqueue(encoder.encode(p));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const ev = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function run(reply: string[] | Response) {
  const tokens: string[] = [];
  const starts: unknown[] = [];
  const fetchMock = vi.fn(async () => (reply instanceof Response ? reply : sseResponse(reply)));
  vi.stubGlobal('fetch', fetchMock);
  const result = streamWorkbench(
    { prompt: 'Winter?', provider: 'openai', model: 'gpt-4', temperature: 0.2, maxTokens: 64 },
    { onStart: (e) => starts.push(e), onToken: (t) => tokens.push(t) },
    new AbortController().signal,
  );
  return { result, tokens, starts, fetchMock };
}

afterEach(() => vi.unstubAllGlobals());

describe('streamWorkbench', () => {
  it('passes pieces on as they come (split across chunks) and resolves with the figures', async () => {
    const all =
      ev('start', { provider: 'openai', model: 'gpt-4' }) +
      ev('token', { text: 'Mulch ' }) +
      ev('token', { text: 'the beds.' }) +
      ev('done', done);
    const r = run([all.slice(0, 30), all.slice(30, 71), all.slice(71)]);
    await expect(r.result).resolves.toEqual(done);
    expect(r.starts).toEqual([{ provider: 'openai', model: 'gpt-4' }]);
    expect(r.tokens.join('')).toBe('Mulch the beds.');
    const [url, init] = r.fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ai/workbench/stream');
    expect(JSON.parse(init.body as string)).toMatchObject({
      model: 'gpt-4',
      temperature: 0.2,
      maxTokens: 64,
    });
  });

  it('rejects with the server error of a refusal before the stream', async () => {
    const refusal = new Response(
      JSON.stringify({
        success: false,
        error: { code: 'AI_MODEL_NOT_ALLOWED', message: 'The model gpt-4 is not available on the Free plan' },
      }),
      { status: 403, headers: { 'content-type': 'application/json' } },
    );
    const err = await run(refusal).result.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 403, code: 'AI_MODEL_NOT_ALLOWED' });
  });

  it('rejects with an error event, or when the stream ends without its done event', async () => {
    const failed = run([
      ev('token', { text: 'Mul' }),
      ev('error', { success: false, error: { code: 'AI_STREAM_FAILED', message: 'OpenAI API error: 500' } }),
    ]);
    await expect(failed.result).rejects.toMatchObject({
      code: 'AI_STREAM_FAILED',
      message: 'OpenAI API error: 500',
    });
    await expect(run([ev('token', { text: 'Mul' })]).result).rejects.toMatchObject({
      message: WORKBENCH_CUT_MESSAGE,
    });
  });
});
