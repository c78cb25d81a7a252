import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFolder } from '../../../test/files.fixture';
import { startTestS3, type TestS3Server } from '../../../test/s3-server.fixture';
import { createSiblingApp, createTestApp, type TestApp } from '../../../test/test-app';
import {
  eventually,
  type RawResponse,
  rawRequest,
  sha256,
  storageState,
  tempObjects,
} from '../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { blobs, files, storageAccounts, uploadReservations } from '../../db/schema/index';

const drivers = ['local', 's3'] as const;
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** The API's error envelope, with the tus protocol headers still on the reply. */
function expectJsonError(res: RawResponse, status: number, code: string, message: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['tus-resumable']).toBe('1.0.0');
  expect(JSON.parse(res.body.toString())).toEqual({ success: false, error: { code, message } });
}

/** tus requests over a real socket to the app listening at `base()`. */
function tusClient(base: () => string) {
  async function call(
    method: string,
    url: string,
    headers: Record<string, string | number>,
    body?: Buffer,
    abortAfter?: number,
  ): Promise<RawResponse> {
    const res = await rawRequest(url.startsWith('http') ? url : `${base()}${url}`, {
      method,
      headers: { 'tus-resumable': '1.0.0', ...headers, ...(body ? { 'content-length': body.length } : {}) },
      chunks: body ? [body] : [],
      abortAfter,
    });
    if (res === 'aborted') throw new Error('aborted');
    return res;
  }

  const create = (user: TestUser, size: number, meta: Record<string, string> = { filename: 'big.bin' }) =>
    call('POST', '/api/files/tus', {
      ...user.headers,
      'upload-length': size,
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    });

  const patch = (user: TestUser, location: string, offset: number, body: Buffer) =>
    call(
      'PATCH',
      location,
      { ...user.headers, 'upload-offset': offset, 'content-type': 'application/offset+octet-stream' },
      body,
    );

  return { call, create, patch };
}

describe.each(drivers)('resumable uploads over tus (%s driver)', (driver) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let base: string;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    // @tus/s3-store resumes with ListParts, which s3rver lacks: the stand-in speaks it.
    if (driver === 's3') s3 = await startTestS3('standin');
    t = await createTestApp({ ...(s3?.env ?? {}), MAX_UPLOAD_BYTES: String(32 * 1024 * 1024) });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    alice = await createTestUser(t.app);
    bob = await createTestUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const { call, create, patch } = tusClient(() => base);

  it('create, PATCH half, HEAD shows the offset, PATCH the rest: the file appears with its checksum', async () => {
    const data = randomBytes(12 * 1024 * 1024 + 333);
    const folder = await insertFolder(t.app.ctx.database.db, { ownerId: alice.user.id, name: 'Videos' });
    const created = await create(alice, data.length, {
      filename: 'holiday.mp4',
      filetype: 'video/mp4',
      folderId: folder.id,
    });
    expect(created.status).toBe(201);
    const location = created.headers.location ?? '';
    expect(location).toMatch(/^\/api\/files\/tus\/[0-9a-f]{32}$/);
    // The quota is held from creation.
    expect((await storageState(t.app, alice.user.id)).reservedBytes).toBe(data.length);

    const half = Math.floor(data.length / 2);
    const first = await patch(alice, location, 0, data.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));

    const head = await call('HEAD', location, alice.headers);
    expect(head.status).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['upload-length']).toBe(String(data.length));

    const last = await patch(alice, location, half, data.subarray(half));
    expect(last.status).toBe(200);
    const fileId = last.headers['x-file-id'];
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);
    const reply = JSON.parse(last.body.toString());
    expect(reply).toMatchObject({
      success: true,
      deduplicated: false,
      file: {
        id: fileId,
        name: 'holiday.mp4',
        type: 'video/mp4',
        size: data.length,
        checksum: sha256(data),
        folderId: folder.id,
        path: '/My Files/Videos',
      },
    });
    const [row] = await t.app.ctx.database.db
      .select()
      .from(files)
      .where(eq(files.id, String(fileId)));
    expect(row?.checksum).toBe(sha256(data));
    const [blob] = await t.app.ctx.database.db
      .select()
      .from(blobs)
      .where(eq(blobs.id, row?.blobId ?? ''));
    expect(blob?.size).toBe(data.length);
    expect(await t.app.ctx.storage.stat(blob?.storageKey ?? '')).toEqual({ size: data.length });
    expect(await storageState(t.app, alice.user.id)).toMatchObject({
      usedBytes: data.length,
      reservedBytes: 0,
      fileCount: 1,
    });
    // Nothing of the upload is left with tus or in the temporary area.
    expect((await call('HEAD', location, alice.headers)).status).toBe(404);
    expect(await tempObjects(t.app)).toBe(0);
    if (driver === 'local') expect(await readdir(path.join(t.app.ctx.config.storage.dir, 'tus'))).toEqual([]);
  }, 60_000);

  it('resumes after a PATCH cut off midway', async () => {
    const data = randomBytes(3 * 1024 * 1024);
    const created = await create(bob, data.length, { filename: 'resumed.bin' });
    const location = created.headers.location ?? '';
    await rawRequest(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...bob.headers,
        'tus-resumable': '1.0.0',
        'upload-offset': 0,
        'content-type': 'application/offset+octet-stream',
        'content-length': data.length,
      },
      chunks: Array.from({ length: 48 }, (_, i) => data.subarray(i * 65536, (i + 1) * 65536)),
      abortAfter: 2 * 1024 * 1024,
    });
    let offset = 0;
    await eventually(async () => {
      const head = await call('HEAD', location, bob.headers);
      expect(head.status).toBe(200);
      offset = Number(head.headers['upload-offset']);
      expect(offset).toBeGreaterThan(0);
    });
    expect(offset).toBeLessThan(data.length);
    const rest = await patch(bob, location, offset, data.subarray(offset));
    expect(rest.status).toBe(200);
    expect(JSON.parse(rest.body.toString()).file.checksum).toBe(sha256(data));
  }, 60_000);

  it("answers 404 to another user's HEAD, PATCH and DELETE; 401 without a token", async () => {
    const created = await create(alice, 1000);
    const location = created.headers.location ?? '';
    expect((await call('HEAD', location, bob.headers)).status).toBe(404);
    expect((await patch(bob, location, 0, randomBytes(1000))).status).toBe(404);
    expect((await call('DELETE', location, bob.headers)).status).toBe(404);
    expect((await call('HEAD', location, {})).status).toBe(401);
    expect((await create({ headers: { authorization: 'Bearer nope' } } as TestUser, 10)).status).toBe(401);
    expect((await call('HEAD', '/api/files/tus/not-an-id', alice.headers)).status).toBe(404);
    expect((await call('HEAD', `/api/files/tus/${'0'.repeat(32)}`, alice.headers)).status).toBe(404);
    // Still intact for its owner.
    expect((await call('HEAD', location, alice.headers)).headers['upload-offset']).toBe('0');
    await call('DELETE', location, alice.headers);
  });

  it('terminating an upload releases its reservation', async () => {
    const user = await createTestUser(t.app);
    const created = await create(user, 5000);
    expect((await storageState(t.app, user.user.id)).reservedBytes).toBe(5000);
    const del = await call('DELETE', created.headers.location ?? '', user.headers);
    expect(del.status).toBe(204);
    await eventually(async () => expect((await storageState(t.app, user.user.id)).reservedBytes).toBe(0));
  });

  it('refuses an upload over the size cap (413), past the quota (413) or into a foreign folder (404)', async () => {
    const tooBig = await create(alice, 32 * 1024 * 1024 + 1);
    expectJsonError(tooBig, 413, 'FILE_TOO_LARGE', 'File exceeds the maximum upload size of 32 MB');
    const user = await createTestUser(t.app);
    await t.app.ctx.database.db
      .insert((await import('../../db/schema/index')).storageAccounts)
      .values({ userId: user.user.id, usedBytes: 5 * 1024 ** 3 - 100 });
    const overQuota = await create(user, 1000);
    expectJsonError(overQuota, 413, 'QUOTA_EXCEEDED', 'Storage quota exceeded');
    const foreign = await insertFolder(t.app.ctx.database.db, { ownerId: bob.user.id, name: 'Bobs' });
    const wrongFolder = await create(alice, 10, { filename: 'x', folderId: foreign.id });
    expect(wrongFolder.status).toBe(404);
    const unknown = await create(alice, 10, { filename: 'x', folderId: randomUUID() });
    expect(unknown.status).toBe(404);
  });

  it('refuses Upload-Metadata the database cannot store (decoded), naming the key, and prototype keys', async () => {
    const nul = await create(alice, 10, { filename: 'a\u0000b.bin' });
    expectJsonError(
      nul,
      400,
      'VALIDATION_ERROR',
      'Upload-Metadata filename: Must not contain NUL characters',
    );
    // Every key's value, even of a key the server does not read.
    const extra = await create(alice, 10, { filename: 'a.bin', relativePath: 'x\u0000' });
    expectJsonError(
      extra,
      400,
      'VALIDATION_ERROR',
      'Upload-Metadata relativePath: Must not contain NUL characters',
    );
    for (const key of ['constructor', '__proto__', 'toString']) {
      expect((await create(alice, 10, { filename: 'a.bin', [key]: 'x' })).status, key).toBe(400);
    }
    expect((await storageState(t.app, alice.user.id)).reservedBytes).toBe(0);
  });

  it('answers 413 in the JSON envelope to a PATCH past the declared length or a deferred one past the cap', async () => {
    const created = await create(alice, 1000);
    const location = created.headers.location ?? '';
    const tooLong = await patch(alice, location, 0, randomBytes(1001));
    expectJsonError(tooLong, 413, 'FILE_TOO_LARGE', 'File exceeds the maximum upload size of 32 MB');
    expect((await call('DELETE', location, alice.headers)).status).toBe(204);

    const deferred = await call('POST', '/api/files/tus', {
      ...alice.headers,
      'upload-defer-length': 1,
      'upload-metadata': `filename ${b64('open-ended.bin')}`,
    });
    expect(deferred.status).toBe(201);
    const declare = await call(
      'PATCH',
      deferred.headers.location ?? '',
      {
        ...alice.headers,
        'upload-offset': 0,
        'upload-length': 32 * 1024 * 1024 + 1,
        'content-type': 'application/offset+octet-stream',
      },
      Buffer.alloc(0),
    );
    expectJsonError(declare, 413, 'FILE_TOO_LARGE', 'File exceeds the maximum upload size of 32 MB');
    await call('DELETE', deferred.headers.location ?? '', alice.headers);
  });

  it('completes in one request with creation-with-upload and names are sanitised', async () => {
    const data = randomBytes(2048);
    const res = await call(
      'POST',
      '/api/files/tus',
      {
        ...alice.headers,
        'upload-length': data.length,
        'upload-metadata': `filename ${b64('../../etc/passwd\r\nX: y')},filetype ${b64('text/plain\r\nX: y')}`,
        'content-type': 'application/offset+octet-stream',
      },
      data,
    );
    expect(res.status).toBe(201);
    expect(res.headers['x-file-id']).toBeDefined();
    const reply = JSON.parse(res.body.toString());
    expect(reply.file).toMatchObject({
      name: 'passwdX: y',
      type: 'application/octet-stream',
      checksum: sha256(data),
    });
  });

  it('does not serve uploads over GET', async () => {
    const created = await create(alice, 10);
    const res = await rawRequest(`${base}${created.headers.location}`, {
      method: 'GET',
      headers: alice.headers,
    });
    expect(res !== 'aborted' && res.status).toBe(404);
  });
});

describe('tus expiry', () => {
  it('sweeps unfinished uploads past their expiry and releases their reservation', async () => {
    const t = await createTestApp();
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await createTestUser(t.app);
      const res = await rawRequest(`${base}/api/files/tus`, {
        headers: {
          ...user.headers,
          'tus-resumable': '1.0.0',
          'upload-length': 4096,
          'upload-metadata': `filename ${b64('old.bin')}`,
        },
      });
      expect(res !== 'aborted' && res.status).toBe(201);
      expect((await storageState(t.app, user.user.id)).reservedBytes).toBe(4096);
      const { TusUploads, TUS_EXPIRY_MS } = await import('./tus.service');
      const { createUploadService } = await import('./upload.service');
      const tus = new TusUploads(createUploadService(t.app.ctx), t.app.ctx.config.storage, t.app.ctx.log);
      expect(await tus.sweepExpired(Date.now())).toBe(0);
      expect(await tus.sweepExpired(Date.now() + TUS_EXPIRY_MS + 1000)).toBe(1);
      expect((await storageState(t.app, user.user.id)).reservedBytes).toBe(0);
      expect(await readdir(path.join(t.app.ctx.config.storage.dir, 'tus'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('tus quota reservations', () => {
  const TTL_SECONDS = 120;
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_RESERVATION_TTL_SECONDS: String(TTL_SECONDS) });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const { call: send, create, patch } = tusClient(() => base);
  const held = async (user: TestUser) => (await storageState(t.app, user.user.id)).reservedBytes;

  it('a PATCH renews the reservation once a quarter of its TTL has passed since the last renewal', async () => {
    const user = await createTestUser(t.app);
    const expiry = async () => {
      const [row] = await t.app.ctx.database.db
        .select({ expiresAt: uploadReservations.expiresAt })
        .from(uploadReservations)
        .where(eq(uploadReservations.userId, user.user.id));
      return row?.expiresAt.getTime();
    };
    const location = (await create(user, 3000)).headers.location ?? '';
    const created = await expiry();
    // 20 s on, within a quarter of the 120 s TTL: the reservation cannot have lapsed, no write.
    t.clock.advance(20_000);
    expect((await patch(user, location, 0, randomBytes(1000))).status).toBe(204);
    expect(await expiry()).toBe(created);
    // 40 s on: renewed, its expiry a TTL from now.
    t.clock.advance(20_000);
    const before = t.clock.now().getTime();
    expect((await patch(user, location, 1000, randomBytes(1000))).status).toBe(204);
    expect(await expiry()).toBeGreaterThanOrEqual(before + TTL_SECONDS * 1000);
    expect(await expiry()).toBeLessThanOrEqual(t.clock.now().getTime() + TTL_SECONDS * 1000);
  });

  it('each PATCH renews the reservation, so a slow upload keeps its quota past the TTL', async () => {
    const user = await createTestUser(t.app);
    const data = randomBytes(3000);
    const location = (await create(user, data.length)).headers.location ?? '';
    t.clock.advance(100_000);
    expect((await patch(user, location, 0, data.subarray(0, 1000))).status).toBe(204);
    t.clock.advance(100_000);
    // 200 s after creation, TTL 120 s: held only because the PATCH renewed it.
    expect(await held(user)).toBe(3000);
    expect((await patch(user, location, 1000, data.subarray(1000, 2000))).status).toBe(204);
    t.clock.advance(100_000);
    expect(await held(user)).toBe(3000);
    const last = await patch(user, location, 2000, data.subarray(2000));
    expect(last.status).toBe(200);
    expect(await held(user)).toBe(0);
    const rows = await t.app.ctx.database.db
      .select()
      .from(uploadReservations)
      .where(eq(uploadReservations.userId, user.user.id));
    expect(rows).toEqual([]);
  });

  it('a reservation that lapsed is taken again on the next PATCH, or the upload is dropped with 413', async () => {
    const user = await createTestUser(t.app);
    await t.app.ctx.database.db
      .insert(storageAccounts)
      .values({ userId: user.user.id, usedBytes: 5 * 1024 ** 3 - 5000 });
    const lapses = (await create(user, 2000)).headers.location ?? '';
    const stalls = (await create(user, 2000)).headers.location ?? '';
    t.clock.advance(TTL_SECONDS * 1000 + 1000);
    expect(await held(user)).toBe(0);
    // Room for the first one again.
    expect((await patch(user, lapses, 0, randomBytes(1000))).status).toBe(204);
    expect(await held(user)).toBe(2000);
    // Meanwhile a new upload takes the rest of the room.
    expect((await create(user, 2500)).status).toBe(201);
    const refused = await patch(user, stalls, 0, randomBytes(1000));
    expect(refused.status).toBe(413);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(refused.body.toString()).error).toEqual({
      code: 'QUOTA_EXCEEDED',
      message: 'Storage quota exceeded',
    });
    // Nothing of it is left to resume.
    expect((await send('HEAD', stalls, user.headers)).status).toBe(404);
    expect(await held(user)).toBe(4500);
  });
  it('a process that stops leaves its resumable upload to the client: no quota held meanwhile, bytes kept to resume elsewhere', async () => {
    const user = await createTestUser(t.app);
    await t.app.ctx.database.db
      .insert(storageAccounts)
      .values({ userId: user.user.id, usedBytes: 5 * 1024 ** 3 - 5000 });
    const data = randomBytes(4000);
    // Another process behind the load balancer takes the creation and the first half.
    const other = await createSiblingApp(t);
    const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
    const viaOther = tusClient(() => otherBase);
    const location = (await viaOther.create(user, data.length)).headers.location ?? '';
    expect((await viaOther.patch(user, location, 0, data.subarray(0, 2000))).status).toBe(204);
    expect(await held(user)).toBe(4000);
    await other.close();
    // The reservation belonged to the process that stopped: it holds nothing now, well before
    // its expiry, and nothing is reserved for the upload until its client comes back.
    expect(await held(user)).toBe(0);
    expect((await send('HEAD', location, user.headers)).headers['upload-offset']).toBe('2000');
    // The client resumes on this process: the quota is taken again and the upload completes.
    const last = await patch(user, location, 2000, data.subarray(2000));
    expect(last.status).toBe(200);
    expect(JSON.parse(last.body.toString()).file).toMatchObject({ size: 4000, checksum: sha256(data) });
    expect(await held(user)).toBe(0);
  });
});
