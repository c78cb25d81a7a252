import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rawRequest, upload } from '../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../test/users.fixture';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const get = async (user: TestUser, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
};

/** Everything a user can read about their own storage, minus what differs between any two users. */
async function storageViews(user: TestUser) {
  const dashboard = await get(user, '/api/dashboard');
  const storage = await get(user, '/api/user/storage');
  const usage = await get(user, `/api/storage/usage/${user.user.id}`);
  return {
    dedupSavedBytes: dashboard.stats.dedupSavedBytes,
    costSavingsPerMonth: dashboard.stats.costSavingsPerMonth,
    totalSize: dashboard.stats.totalSize,
    storage,
    usage: { ...usage, ...(usage.data ? { data: { ...usage.data, userId: undefined } } : {}) },
  };
}

/** A reply as another user could compare it: ids, names, times and checksums aside. */
const shape = (reply: { headers: Record<string, unknown>; json(): Record<string, unknown> }) => {
  const { file, ...rest } = reply.json() as { file: Record<string, unknown> };
  return {
    headers: Object.keys(reply.headers)
      .filter((h) => !['date', 'x-request-id', 'content-length'].includes(h))
      .sort(),
    rest,
    file: { size: file.size, type: file.type, path: file.path, folderId: file.folderId },
  };
};

describe('deduplication across accounts', () => {
  it('tells a user nothing about bytes another user holds: reply, headers, dashboard and quota read as for new content', async () => {
    const alice = await createTestUser(t.app);
    const bob = await createTestUser(t.app);
    const carol = await createTestUser(t.app);
    const secret = randomBytes(40_000);

    expect(
      (await upload(t.app, alice.headers, { data: secret, filename: 'a.bin' })).json().deduplicated,
    ).toBe(false);
    const aliceBefore = await storageViews(alice);

    // Bob uploads the same bytes; Carol uploads bytes nobody else has, of the same size.
    const bobs = await upload(t.app, bob.headers, { data: secret, filename: 'x.bin' });
    const carols = await upload(t.app, carol.headers, { data: randomBytes(40_000), filename: 'x.bin' });
    expect(bobs.statusCode).toBe(201);
    expect(bobs.json().deduplicated).toBe(false);
    expect(shape(bobs)).toEqual(shape(carols));
    expect(await storageViews(bob)).toEqual(await storageViews(carol));
    expect((await storageViews(bob)).dedupSavedBytes).toBe(0);
    // Nor does Alice learn that Bob now holds her bytes.
    expect(await storageViews(alice)).toEqual(aliceBefore);

    // Over tus too.
    const dave = await createTestUser(t.app);
    const created = await rawRequest(`${base}/api/files/tus`, {
      headers: {
        ...dave.headers,
        'tus-resumable': '1.0.0',
        'upload-length': secret.length,
        'content-type': 'application/offset+octet-stream',
        'upload-metadata': `filename ${Buffer.from('d.bin').toString('base64')}`,
        'content-length': secret.length,
      },
      chunks: [secret],
    });
    if (created === 'aborted') throw new Error('aborted');
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body.toString()).deduplicated).toBe(false);
  });

  it('within one account, a second copy is reported to its owner and counted in their savings', async () => {
    const erin = await createTestUser(t.app);
    const data = randomBytes(30_000);
    expect((await upload(t.app, erin.headers, { data, filename: 'one.bin' })).json().deduplicated).toBe(
      false,
    );
    expect((await upload(t.app, erin.headers, { data, filename: 'two.bin' })).json().deduplicated).toBe(true);
    const views = await storageViews(erin);
    expect(views.dedupSavedBytes).toBe(30_000);
    // The quota still counts each file in full.
    expect(views.totalSize).toBe(60_000);
  });
});
