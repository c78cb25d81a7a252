import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderStandin } from '../../../../test/ai-standins';
import { checkProvider, languageModel } from './adapters';
import { generateReply, type StreamPart, streamReply } from './direct-generate';

/** Answers every request with a redirect to `target`, as a hostile or misconfigured endpoint might. */
async function redirector(
  target: string,
): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    res.writeHead(307, { location: `${target}${req.url}` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('provider requests refuse redirects', () => {
  let standin: ProviderStandin;
  let bounce: Awaited<ReturnType<typeof redirector>>;

  beforeAll(async () => {
    standin = await ProviderStandin.start('ollama');
    bounce = await redirector(standin.url);
  });
  afterAll(async () => {
    await bounce.close();
    await standin.close();
  });

  it('answers through the endpoint itself', async () => {
    const out = await generateReply(
      languageModel('ollama', { baseUrl: standin.url }, 'llama3.2'),
      { prompt: 'Say hello', maxOutputTokens: 50, temperature: 0.7 },
      AbortSignal.timeout(5000),
    );
    expect(out.text).toContain('ollama stand-in');
  });

  it('fails a generation the endpoint redirects, without following it', async () => {
    const before = standin.generations.length;
    await expect(
      generateReply(
        languageModel('ollama', { baseUrl: bounce.url }, 'llama3.2'),
        { prompt: 'Say hello', maxOutputTokens: 50, temperature: 0.7 },
        AbortSignal.timeout(5000),
      ),
    ).rejects.toThrow();
    expect(bounce.hits()).toBeGreaterThan(0);
    expect(standin.generations.length).toBe(before);
  });

  it('reports a health check the endpoint redirects as not reachable', async () => {
    const before = standin.requests.length;
    const r = await checkProvider('ollama', { baseUrl: bounce.url }, 2000);
    expect(r.status).not.toBe('available');
    expect(standin.requests.length).toBe(before);
  });
});

describe('streamReply against each provider stand-in', () => {
  const kinds = ['ollama', 'openai', 'anthropic', 'google'] as const;
  const standins: Partial<Record<(typeof kinds)[number], ProviderStandin>> = {};
  beforeAll(async () => {
    for (const k of kinds) standins[k] = await ProviderStandin.start(k);
  });
  afterAll(async () => {
    for (const k of kinds) await standins[k]?.close();
  });

  const read = async (parts: AsyncIterable<StreamPart>) => {
    const seen: StreamPart[] = [];
    for await (const p of parts) seen.push(p);
    return seen;
  };
  const settings = { system: 'Be brief.', prompt: 'Say hello', maxOutputTokens: 50, temperature: 0.7 };

  it.each(kinds)('%s: the text in pieces, then the usage', async (kind) => {
    const st = standins[kind] as ProviderStandin;
    const model = languageModel(kind, { baseUrl: st.baseUrl, apiKey: 'k' }, st.behaviour.models[0] as string);
    const parts = await read(streamReply(model, settings, AbortSignal.timeout(5000)));
    const deltas = parts.filter((p) => p.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((p) => p.text).join('')).toBe(st.behaviour.text);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      totalUsage: { inputTokens: 12, outputTokens: 8, totalTokens: 20 },
    });
  });

  it('throws the provider refusal on the first read', async () => {
    const st = standins.ollama as ProviderStandin;
    st.set({ chat: 'fail' });
    try {
      const parts = streamReply(
        languageModel('ollama', { baseUrl: st.baseUrl }, 'llama3.2'),
        settings,
        AbortSignal.timeout(5000),
      );
      await expect(parts.next()).rejects.toThrow();
    } finally {
      st.reset();
    }
  });
});
