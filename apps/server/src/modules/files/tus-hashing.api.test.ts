import { randomBytes } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadFile } from '../../../test/live-server.fixture';
import { startTestS3, type TestS3Server } from '../../../test/s3-server.fixture';
import { createSiblingApp, createTestApp, type TestApp } from '../../../test/test-app';
import { type RawResponse, rawRequest, sha256 } from '../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import type { RunningHash } from './hash-worker';
import { TusLocalStore } from './tus-local-store';
import { UploadHashes } from './upload-hashes';

const b64 = (s: string) => Buffer.from(s).toString('base64');

async function call(
  url: string,
  method: string,
  headers: Record<string, string | number>,
  body?: Buffer,
): Promise<RawResponse> {
  const res = await rawRequest(url, {
    method,
    headers: { 'tus-resumable': '1.0.0', ...headers, ...(body ? { 'content-length': body.length } : {}) },
    // In 64 KiB pieces, as a socket delivers them.
    chunks: body
      ? Array.from({ length: Math.ceil(body.length / 65536) }, (_, i) =>
          body.subarray(i * 65536, (i + 1) * 65536),
        )
      : [],
  });
  if (res === 'aborted') throw new Error('aborted');
  return res;
}

const create = (base: string, user: TestUser, size: number) =>
  call(`${base}/api/files/tus`, 'POST', {
    ...user.headers,
    'upload-length': size,
    'upload-metadata': `filename ${b64('hashed.bin')}`,
  });

const patch = (base: string, user: TestUser, location: string, offset: number, body: Buffer) =>
  call(
    `${base}${location}`,
    'PATCH',
    { ...user.headers, 'upload-offset': offset, 'content-type': 'application/offset+octet-stream' },
    body,
  );

/** Every `UploadHashes.resume` from now on: the offset asked for, the hash given and what it had hashed then. */
function watchResumes() {
  const seen: { offset: number; hash: RunningHash; bytes: number }[] = [];
  const original = UploadHashes.prototype.resume;
  vi.spyOn(UploadHashes.prototype, 'resume').mockImplementation(async function (
    this: UploadHashes,
    ...args: Parameters<UploadHashes['resume']>
  ) {
    const hash = await original.apply(this, args);
    seen.push({ offset: args[1], hash, bytes: hash.bytes });
    return hash;
  });
  return seen;
}

/** The stored file's checksum as the final PATCH answers it. */
const checksumOf = (res: RawResponse) => {
  expect(res.status).toBe(200);
  return JSON.parse(res.body.toString()).file.checksum as string;
};

describe('resumable uploads hashed as their bytes arrive (local disk)', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ MAX_UPLOAD_BYTES: String(64 * 1024 * 1024) });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('PATCH bodies reach the store as the Node request, hashed there: the file is not read again', async () => {
    const user = await createTestUser(t.app);
    const writeFrom = vi.spyOn(TusLocalStore.prototype, 'writeFrom');
    const resumes = watchResumes();
    const data = randomBytes(5 * 1024 * 1024 + 11);
    const location = (await create(base, user, data.length)).headers.location ?? '';
    const cut = 3 * 1024 * 1024 + 5;
    expect((await patch(base, user, location, 0, data.subarray(0, cut))).status).toBe(204);
    expect(checksumOf(await patch(base, user, location, cut, data.subarray(cut)))).toBe(sha256(data));
    expect(writeFrom).toHaveBeenCalledTimes(2);
    for (const [source] of writeFrom.mock.calls) expect(source).toBeInstanceOf(IncomingMessage);
    // Each request went on with the hash the one before kept; the finish took it as it was.
    expect(resumes.map((r) => [r.offset, r.bytes])).toEqual([
      [0, 0],
      [cut, cut],
      [data.length, data.length],
    ]);
    expect(new Set(resumes.map((r) => r.hash)).size).toBe(1);
  });

  it('many small PATCHes of odd sizes hash to the checksum of the whole', async () => {
    const user = await createTestUser(t.app);
    const sizes = [1, 2, 3, 7, 64, 65535, 65536, 65537, 1, 250_000, 13, 1_048_576, 999, 4];
    const pieces = [
      ...sizes,
      ...sizes.slice().reverse(),
      ...Array.from({ length: 40 }, (_, i) => 1 + i * 31),
    ];
    const data = randomBytes(pieces.reduce((a, b) => a + b, 0));
    const location = (await create(base, user, data.length)).headers.location ?? '';
    let offset = 0;
    let last: RawResponse | undefined;
    for (const size of pieces) {
      last = await patch(base, user, location, offset, data.subarray(offset, offset + size));
      offset += size;
      if (offset < data.length) expect(last.status).toBe(204);
    }
    expect(checksumOf(last as RawResponse)).toBe(sha256(data));
  });

  it('an upload resumed on a new app instance (its hashes are in memory) rebuilds the hash from the bytes on disk', async () => {
    const user = await createTestUser(t.app);
    const data = randomBytes(6 * 1024 * 1024 + 777);
    const first = await createSiblingApp(t);
    const firstBase = await first.listen({ port: 0, host: '127.0.0.1' });
    const location = (await create(firstBase, user, data.length)).headers.location ?? '';
    const a = 2 * 1024 * 1024 + 1;
    const b = 4 * 1024 * 1024 + 3;
    expect((await patch(firstBase, user, location, 0, data.subarray(0, a))).status).toBe(204);
    expect((await patch(firstBase, user, location, a, data.subarray(a, b))).status).toBe(204);
    await first.close();
    // This instance never saw the upload: it reads the first b bytes back, then goes on hashing.
    const resumes = watchResumes();
    expect(checksumOf(await patch(base, user, location, b, data.subarray(b)))).toBe(sha256(data));
    expect(resumes[0]).toMatchObject({ offset: b, bytes: b });
    // And back on another new instance, an upload that ends exactly where the other left it.
    const other = randomBytes(3 * 1024 * 1024);
    const second = await createSiblingApp(t);
    const secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const loc = (await create(base, user, other.length)).headers.location ?? '';
      expect((await patch(base, user, loc, 0, other.subarray(0, 1_000_000))).status).toBe(204);
      expect(checksumOf(await patch(secondBase, user, loc, 1_000_000, other.subarray(1_000_000)))).toBe(
        sha256(other),
      );
    } finally {
      await second.close();
    }
  }, 60_000);
});

describe('resumable uploads hashed as their bytes arrive (S3)', () => {
  let t: TestApp;
  let s3: TestS3Server;
  let base: string;

  beforeAll(async () => {
    // @tus/s3-store resumes with ListParts, which s3rver lacks: the stand-in speaks it.
    s3 = await startTestS3('standin');
    t = await createTestApp({ ...s3.env, MAX_UPLOAD_BYTES: String(64 * 1024 * 1024) });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  /** GETs of the upload's own object (a read-back of the finished bytes), from request `from` on. */
  const readBacks = (location: string, from: number) => {
    const key = `tus/${location.split('/').pop()}`;
    // GetObject, not the ListParts calls (GET ?uploadId=) by which tus resumes.
    return (s3.requests?.() ?? [])
      .slice(from)
      .filter((r) => r.method === 'GET' && r.key === key && !r.query.includes('uploadId'));
  };

  it('a finished upload is taken over where it lies: no read-back, one copy to its permanent key', async () => {
    const user = await createTestUser(t.app);
    const data = randomBytes(13 * 1024 * 1024 + 5);
    const start = s3.requests?.().length ?? 0;
    const location = (await create(base, user, data.length)).headers.location ?? '';
    const cut = 6 * 1024 * 1024 + 3;
    expect((await patch(base, user, location, 0, data.subarray(0, cut))).status).toBe(204);
    const last = await patch(base, user, location, cut, data.subarray(cut));
    expect(checksumOf(last)).toBe(sha256(data));
    expect(readBacks(location, start)).toEqual([]);
    // Nothing was written to the temporary area: the finished object was copied once, then deleted.
    const after = (s3.requests?.() ?? []).slice(start);
    expect(after.filter((r) => r.method === 'PUT' && r.key.startsWith('tmp/'))).toEqual([]);
    const key = `tus/${location.split('/').pop()}`;
    expect(after.some((r) => r.method === 'DELETE' && r.key === key)).toBe(true);
    // The bytes are there to download.
    const fileId = String(last.headers['x-file-id']);
    expect(sha256(await downloadFile(base, user.token, fileId))).toBe(sha256(data));
  });

  it('the same bytes again are deduplicated, and the finished object is deleted', async () => {
    const user = await createTestUser(t.app);
    const data = randomBytes(2 * 1024 * 1024 + 1);
    const start = s3.requests?.().length ?? 0;
    const keys: string[] = [];
    for (const round of [1, 2]) {
      const location = (await create(base, user, data.length)).headers.location ?? '';
      keys.push(`tus/${location.split('/').pop()}`);
      const res = await patch(base, user, location, 0, data);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body.toString()).deduplicated).toBe(round === 2);
      expect(readBacks(location, start)).toEqual([]);
    }
    // Both finished objects are gone: the first copied to its permanent key, the second dropped.
    const deleted = new Set(
      (s3.requests?.() ?? []).slice(start).flatMap((r) => (r.method === 'DELETE' ? [r.key] : [])),
    );
    for (const key of keys) expect(deleted.has(key)).toBe(true);
  });

  it('an upload resumed on a new app instance (no hash of its earlier parts) reads the finished object once', async () => {
    const user = await createTestUser(t.app);
    const data = randomBytes(11 * 1024 * 1024 + 9);
    const first = await createSiblingApp(t);
    const firstBase = await first.listen({ port: 0, host: '127.0.0.1' });
    const location = (await create(firstBase, user, data.length)).headers.location ?? '';
    const cut = 6 * 1024 * 1024;
    expect((await patch(firstBase, user, location, 0, data.subarray(0, cut))).status).toBe(204);
    await first.close();
    const start = s3.requests?.().length ?? 0;
    expect(checksumOf(await patch(base, user, location, cut, data.subarray(cut)))).toBe(sha256(data));
    expect(readBacks(location, start).length).toBeGreaterThan(0);
  }, 60_000);
});
