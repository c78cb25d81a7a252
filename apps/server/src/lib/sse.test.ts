import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { type SendEvent, streamEvents } from './sse';

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** An app whose POST /s streams what `run` sends. */
async function serve(run: (send: SendEvent) => Promise<unknown>): Promise<string> {
  app = Fastify();
  app.post('/s', (request, reply) => streamEvents(request, reply, 'test', (send) => run(send)));
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const events = (body: string) => [...body.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);

describe('streamEvents', () => {
  it('writes an event sent later before the next event', async () => {
    const url = await serve(async (send) => {
      send('sources', { files: 1 }, { later: true });
      send('token', { text: 'a' });
      return { ok: true };
    });
    const res = await fetch(`${url}/s`, { method: 'POST' });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(events(await res.text())).toEqual(['sources', 'token', 'done']);
  });

  it('writes an event sent later on its own when no other follows', async () => {
    let seen: () => void = () => {};
    const clientSaw = new Promise<void>((resolve) => {
      seen = resolve;
    });
    // The run ends only once the client has read the held event: it must go out by itself.
    const url = await serve(async (send) => {
      send('sources', { files: 1 }, { later: true });
      await clientSaw;
      return { ok: true };
    });
    const res = await fetch(`${url}/s`, { method: 'POST' });
    let text = '';
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      text += Buffer.from(chunk).toString();
      if (text.includes('event: sources')) seen();
    }
    expect(events(text)).toEqual(['sources', 'done']);
  });

  it('answers a failure after an event held back as an event stream: the event, then the error', async () => {
    const url = await serve(async (send) => {
      send('sources', { files: 1 }, { later: true });
      throw new AppError(502, 'AI_ALL_FAILED', 'No provider answered');
    });
    const res = await fetch(`${url}/s`, { method: 'POST' });
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(events(body)).toEqual(['sources', 'error']);
    expect(body).toContain('AI_ALL_FAILED');
  });

  it('answers a failure before any event as a plain error', async () => {
    const url = await serve(async () => {
      throw new AppError(404, 'NOT_FOUND', 'Nothing here');
    });
    const res = await fetch(`${url}/s`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
