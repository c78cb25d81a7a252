import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderStandin } from '../../../../test/ai-standins';
import { checkProvider, languageModel } from './adapters';
import { generateReply } from './direct-generate';

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
