import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTwoProcessApps, type TestApp, testDbKind } from '../../test/test-app';
import { tusCall, upload } from '../../test/upload.fixture';
import { createTestUser, type TestUser, tokenFor } from '../../test/users.fixture';
import type { App } from '../app';

/** The app's address, listening on a port of its own from the first call. */
async function urlOf(app: App): Promise<string> {
  const base = app.server.listening ? '' : await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return base || `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A page's event stream: GET /api/events over a real socket, events collected as they come. */
async function openStream(app: App, user: TestUser) {
  const url = await urlOf(app);
  const events: { type: string; data: Record<string, unknown> }[] = [];
  const req = http.get(`${url}/api/events`, { headers: user.headers, agent: false });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.on('response', resolve);
    req.on('error', reject);
  });
  if (res.statusCode !== 200) throw new Error(`GET /api/events answered ${res.statusCode}`);
  let buffer = '';
  let connected = false;
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    if (buffer.includes(': connected')) connected = true;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (type && data) events.push({ type, data: JSON.parse(data) });
    }
  });
  // Connected once the stream's first comment arrived: the subscription exists from then on.
  await new Promise<void>((resolve) => {
    const check = () => (connected ? resolve() : setTimeout(check, 10));
    check();
  });
  return {
    status: res.statusCode,
    contentType: res.headers['content-type'],
    events,
    async next(type: string, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = events.findIndex((e) => e.type === type);
        if (i >= 0) return events.splice(i, 1)[0];
        if (Date.now() > deadline) return undefined;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => req.destroy(),
  };
}

describe('live events (one process)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tells the uploader’s open pages that their storage changed, and nobody else’s', async () => {
    const alice = await createTestUser(t.app);
    const bob = await createTestUser(t.app);
    const alicePage = await openStream(t.app, alice);
    const bobPage = await openStream(t.app, bob);
    expect(alicePage.status).toBe(200);
    expect(alicePage.contentType).toMatch(/^text\/event-stream/);
    const stored = await upload(t.app, alice.headers, { data: randomBytes(100) });
    expect(stored.statusCode).toBe(201);
    expect(await alicePage.next('storage.changed')).toEqual({
      type: 'storage.changed',
      data: { type: 'storage.changed' },
    });
    // A read changes nothing, nor does a download link (a POST); another user hears nothing.
    await t.app.inject({ method: 'GET', url: '/api/files', headers: alice.headers });
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/files/${stored.json().file.id}/download-link`,
      headers: alice.headers,
    });
    expect(link.statusCode).toBe(200);
    expect(await bobPage.next('storage.changed', 300)).toBeUndefined();
    expect(await alicePage.next('storage.changed', 300)).toBeUndefined();
    alicePage.close();
    bobPage.close();
  });

  it('tells of a resumable upload once, when its last PATCH stored the file', async () => {
    const carol = await createTestUser(t.app);
    const base = await urlOf(t.app);
    const page = await openStream(t.app, carol);
    const data = randomBytes(200);
    const octets = { 'content-type': 'application/offset+octet-stream' };
    const created = await tusCall(base, carol, 'POST', '/api/files/tus', {
      'upload-length': data.length,
      'upload-metadata': `filename ${Buffer.from('two-parts.bin').toString('base64')}`,
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.location ?? '', base).toString();
    // The creation and a PATCH in the middle store no file: the storage pages have nothing to refetch.
    const first = await tusCall(
      base,
      carol,
      'PATCH',
      location,
      { ...octets, 'upload-offset': 0 },
      data.subarray(0, 100),
    );
    expect(first.status).toBe(204);
    expect(await page.next('storage.changed', 300)).toBeUndefined();
    const last = await tusCall(
      base,
      carol,
      'PATCH',
      location,
      { ...octets, 'upload-offset': 100 },
      data.subarray(100),
    );
    expect(last.status).toBe(200);
    expect(await page.next('storage.changed')).toBeDefined();
    expect(await page.next('storage.changed', 300)).toBeUndefined();
    page.close();
  });

  it('refuses a stream without a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
  });
});

describe.runIf(testDbKind === 'postgres')(
  'live events across two processes (PostgreSQL LISTEN/NOTIFY)',
  () => {
    let apps: Awaited<ReturnType<typeof createTwoProcessApps>>;
    beforeAll(async () => {
      apps = await createTwoProcessApps();
    });
    afterAll(() => apps?.close());

    it('reaches a page connected to the other process', async () => {
      const alice = await createTestUser(apps.a.app);
      // Each test app signs with a secret of its own: the page on b holds a token b issued.
      const onB = {
        ...alice,
        headers: { authorization: `Bearer ${await tokenFor(apps.b.app, alice.user)}` },
      };
      const page = await openStream(apps.b.app, onB);
      expect((await upload(apps.a.app, alice.headers, { data: randomBytes(100) })).statusCode).toBe(201);
      expect(await page.next('storage.changed')).toBeDefined();
      // A background job's news (an analysis settled on whichever process ran it) travels the same way.
      await apps.a.app.ctx.events.publish(alice.user.id, { type: 'analysis.changed', fileId: 'f-1' });
      expect((await page.next('analysis.changed'))?.data).toEqual({
        type: 'analysis.changed',
        fileId: 'f-1',
      });
      page.close();
    });
  },
);
