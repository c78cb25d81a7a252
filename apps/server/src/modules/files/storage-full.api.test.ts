import { randomBytes } from 'node:crypto';
import { open, readdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3Server } from '../../../test/s3-server.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sha256, storageState, tempObjects, tusCall, upload } from '../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { LocalStorageDriver } from '../../storage/local.driver';

const FULL = {
  success: false,
  error: { code: 'STORAGE_FULL', message: 'Not enough storage space on the server' },
};

/** Downloads a file through a download link and returns its bytes. */
async function download(t: TestApp, user: TestUser, fileId: string): Promise<Buffer> {
  const link = await t.app.inject({
    method: 'POST',
    url: `/api/files/${fileId}/download-link`,
    headers: user.headers,
  });
  const res = await t.app.inject({ method: 'GET', url: link.json().url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

const createTus = (base: string, user: TestUser, size: number) =>
  tusCall(base, user, 'POST', '/api/files/tus', {
    'upload-length': size,
    'upload-metadata': `filename ${b64('full.bin')}`,
  });
const patchTus = (base: string, user: TestUser, location: string, offset: number, body: Buffer) =>
  tusCall(
    base,
    user,
    'PATCH',
    location,
    { 'upload-offset': offset, 'content-type': 'application/offset+octet-stream' },
    body,
  );

/** The earlier file, and how many blobs the store held before the refused upload. */
interface Earlier {
  id: string;
  data: Buffer;
  blobs: number;
}

async function earlierFile(t: TestApp, user: TestUser, data: Buffer): Promise<Earlier> {
  const res = await upload(t.app, user.headers, { data, filename: 'earlier.bin' });
  expect(res.statusCode).toBe(201);
  return { id: res.json().file.id, data, blobs: (await storageState(t.app, user.user.id)).blobs.length };
}

/** Nothing of the refused upload is stored (no row, blob, bytes or reservation); the earlier file is whole. */
async function expectOnlyEarlierFile(t: TestApp, user: TestUser, earlier: Earlier) {
  const state = await storageState(t.app, user.user.id);
  expect(state.files.map((f) => f.id)).toEqual([earlier.id]);
  expect(state.files[0]?.checksum).toBe(sha256(earlier.data));
  expect(state.blobs).toHaveLength(earlier.blobs);
  expect(state.usedBytes).toBe(earlier.data.length);
  expect(state.reservedBytes).toBe(0);
  expect(await tempObjects(t.app)).toBe(0);
  expect((await download(t, user, earlier.id)).equals(earlier.data)).toBe(true);
}

describe('a full disk (local driver: writes fail with a real ENOSPC from /dev/full)', () => {
  let t: TestApp;
  let base: string;
  let diskFull = false;

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        storage: (config) =>
          new LocalStorageDriver(config.storage.dir, {
            // As on a full disk: the file is created, its writes find no room.
            openForWrite: async (file, flags, mode) => {
              const handle = await open(file, flags, mode);
              if (!diskFull) return handle;
              await handle.close();
              return open('/dev/full', 'w');
            },
          }),
      },
    );
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a multipart upload answers 507 and stores nothing; earlier files stay intact', async () => {
    const user = await createTestUser(t.app);
    const earlier = await earlierFile(t, user, randomBytes(300_000));

    diskFull = true;
    try {
      const res = await upload(t.app, user.headers, { data: randomBytes(200_000), filename: 'second.bin' });
      expect(res.statusCode).toBe(507);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual(FULL);
      await expectOnlyEarlierFile(t, user, earlier);
    } finally {
      diskFull = false;
    }
    // Once there is room again, nothing is stuck.
    expect((await upload(t.app, user.headers, { data: randomBytes(1000) })).statusCode).toBe(201);
  });

  it('a resumable upload whose bytes find no room answers 507 and is dropped with its reservation', async () => {
    const user = await createTestUser(t.app);
    const earlier = await earlierFile(t, user, randomBytes(50_000));
    const created = await createTus(base, user, 100_000);
    expect(created.status).toBe(201);
    const location = created.headers.location ?? '';
    expect((await storageState(t.app, user.user.id)).reservedBytes).toBe(100_000);
    // The upload's file on disk now sits on a full device.
    const tusDir = path.join(t.app.ctx.config.storage.dir, 'tus');
    const id = location.split('/').pop() ?? '';
    await rm(path.join(tusDir, id));
    await symlink('/dev/full', path.join(tusDir, id));

    const res = await patchTus(base, user, location, 0, randomBytes(100_000));
    expect(res.status).toBe(507);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body.toString())).toEqual(FULL);
    expect((await tusCall(base, user, 'HEAD', location, {})).status).toBe(404);
    expect((await readdir(tusDir)).filter((n) => n.startsWith(id))).toEqual([]);
    await expectOnlyEarlierFile(t, user, earlier);
  });
});

describe('a full object store (S3 driver: 507 XMinioStorageFull, as MinIO answers)', () => {
  let t: TestApp;
  let s3: TestS3Server;
  let base: string;

  beforeAll(async () => {
    s3 = await startTestS3('standin');
    t = await createTestApp(s3.env);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('multipart and resumable uploads answer 507 and store nothing; earlier files stay intact', async () => {
    const user = await createTestUser(t.app);
    const earlier = await earlierFile(t, user, randomBytes(100_000));
    const created = await createTus(base, user, 20_000);
    const location = created.headers.location ?? '';

    s3.setFull?.(true);
    try {
      const res = await upload(t.app, user.headers, { data: randomBytes(100_000) });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual(FULL);
      // A new resumable upload cannot even be created; one in progress cannot take its bytes.
      const refused = await createTus(base, user, 20_000);
      expect(refused.status).toBe(507);
      expect(JSON.parse(refused.body.toString())).toEqual(FULL);
      const patch = await patchTus(base, user, location, 0, randomBytes(20_000));
      expect(patch.status).toBe(507);
      expect(JSON.parse(patch.body.toString())).toEqual(FULL);
      await expectOnlyEarlierFile(t, user, earlier);
    } finally {
      s3.setFull?.(false);
    }
    expect((await upload(t.app, user.headers, { data: randomBytes(1000) })).statusCode).toBe(201);
  });
});
