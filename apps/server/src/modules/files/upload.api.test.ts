import { randomBytes, randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { FILE_ERRORS } from '@stratos/contracts/files/upload.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFolder } from '../../../test/files.fixture';
import { startTestS3, type TestS3Server } from '../../../test/s3-server.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  eventually,
  multipart,
  rawRequest,
  sha256,
  storageState,
  tempObjects,
  upload,
} from '../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { appSettings, blobs, files, storageAccounts, storageEvents } from '../../db/schema/index';

const drivers = ['local', 's3'] as const;

describe.each(drivers)('POST /api/files/upload (%s driver)', (driver) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    if (driver === 's3') s3 = await startTestS3();
    t = await createTestApp(s3?.env ?? {});
    alice = await createTestUser(t.app);
    bob = await createTestUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores a file: reply, row, blob, bytes, storage totals and ledger', async () => {
    const data = randomBytes(200_000);
    const res = await upload(t.app, alice.headers, {
      data,
      filename: 'report.pdf',
      contentType: 'application/pdf',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      deduplicated: false,
      file: {
        id: expect.any(String),
        name: 'report.pdf',
        size: data.length,
        type: 'application/pdf',
        uploadDate: expect.any(String),
        path: '/My Files',
        folderId: null,
        checksum: sha256(data),
      },
    });
    expect(Object.keys(body)).toEqual(['success', 'file', 'deduplicated']);
    const db = t.app.ctx.database.db;
    const [row] = await db.select().from(files).where(eq(files.id, body.file.id));
    expect(row).toMatchObject({ ownerId: alice.user.id, size: data.length, checksum: sha256(data) });
    const [blob] = await db
      .select()
      .from(blobs)
      .where(eq(blobs.id, row?.blobId ?? ''));
    expect(blob).toMatchObject({ backend: driver, sha256: sha256(data), size: data.length, refCount: 1 });
    // Server-generated, sharded key: nothing of the file's name.
    expect(blob?.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    const stored = await buffer(await t.app.ctx.storage.get(blob?.storageKey ?? ''));
    expect(stored.equals(data)).toBe(true);
    const state = await storageState(t.app, alice.user.id);
    expect(state).toMatchObject({ usedBytes: data.length, reservedBytes: 0, fileCount: 1 });
    const events = await db.select().from(storageEvents).where(eq(storageEvents.userId, alice.user.id));
    expect(events).toMatchObject([{ deltaBytes: data.length, deltaFiles: 1, reason: 'upload' }]);
    expect(await tempObjects(t.app)).toBe(0);
  });

  it('stores identical content once: the second upload shares the blob, and says so only to the same owner', async () => {
    const data = randomBytes(50_000);
    const first = await upload(t.app, alice.headers, { data, filename: 'a.bin' });
    const second = await upload(t.app, bob.headers, { data, filename: 'b.bin' });
    expect(first.json().deduplicated).toBe(false);
    expect(second.statusCode).toBe(201);
    // Bob is not told that someone else holds these bytes (dedup-privacy.api.test.ts).
    expect(second.json().deduplicated).toBe(false);
    expect(second.json().file.checksum).toBe(sha256(data));
    const db = t.app.ctx.database.db;
    const rows = await db
      .select()
      .from(blobs)
      .where(eq(blobs.sha256, sha256(data)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.refCount).toBe(2);
    const fileRows = await db
      .select()
      .from(files)
      .where(eq(files.checksum, sha256(data)));
    expect(new Set(fileRows.map((f) => f.blobId))).toEqual(new Set([rows[0]?.id]));
    // Each owner is charged for their file.
    expect((await storageState(t.app, bob.user.id)).usedBytes).toBe(data.length);
    expect(await tempObjects(t.app)).toBe(0);
  });

  it('two concurrent uploads of the same new content end with one blob and one stored copy', async () => {
    const data = randomBytes(300_000);
    const replies = await Promise.all([
      upload(t.app, alice.headers, { data, filename: 'x1' }),
      upload(t.app, bob.headers, { data, filename: 'x2' }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201]);
    // Two accounts: neither learns of the other's copy.
    expect(replies.map((r) => r.json().deduplicated)).toEqual([false, false]);
    const rows = await t.app.ctx.database.db
      .select()
      .from(blobs)
      .where(eq(blobs.sha256, sha256(data)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.refCount).toBe(2);
    expect(await tempObjects(t.app)).toBe(0);
  });

  it('stores an empty file', async () => {
    const res = await upload(t.app, alice.headers, {
      data: Buffer.alloc(0),
      filename: 'empty.txt',
      contentType: 'text/plain',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().file).toMatchObject({ size: 0, type: 'text/plain', checksum: sha256(Buffer.alloc(0)) });
  });

  it('puts the file in a folder named before the file (folderId field) with its path', async () => {
    const docs = await insertFolder(t.app.ctx.database.db, { ownerId: alice.user.id, name: 'Docs' });
    const sub = await insertFolder(t.app.ctx.database.db, {
      ownerId: alice.user.id,
      name: '2024',
      parentId: docs.id,
    });
    const res = await upload(
      t.app,
      alice.headers,
      { data: randomBytes(100), filename: 'in-folder.txt' },
      { before: [{ name: 'folderId', value: sub.id }] },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().file).toMatchObject({ folderId: sub.id, path: '/My Files/Docs/2024' });
  });

  it('takes folder and name from a metadata part sent after the file', async () => {
    const folder = await insertFolder(t.app.ctx.database.db, { ownerId: alice.user.id, name: 'After' });
    const res = await upload(
      t.app,
      alice.headers,
      { data: randomBytes(100), filename: 'ignored.txt' },
      {
        after: [
          {
            name: 'metadata',
            value: JSON.stringify({ folderId: folder.id, name: 'Renamed.txt' }),
            contentType: 'application/json',
          },
        ],
      },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().file).toMatchObject({
      folderId: folder.id,
      path: '/My Files/After',
      name: 'Renamed.txt',
    });
  });

  it("refuses another user's folder (before or after the file) with 404 and keeps nothing", async () => {
    const bobs = await insertFolder(t.app.ctx.database.db, { ownerId: bob.user.id, name: 'Private' });
    const user = await createTestUser(t.app);
    const before = await upload(
      t.app,
      user.headers,
      { data: randomBytes(1000) },
      {
        before: [{ name: 'folderId', value: bobs.id }],
      },
    );
    expect(before.statusCode).toBe(404);
    expect(before.json().error).toEqual({ code: 'NOT_FOUND', message: FILE_ERRORS.FOLDER_NOT_FOUND });
    const after = await upload(
      t.app,
      user.headers,
      { data: randomBytes(1000) },
      {
        after: [{ name: 'metadata', value: JSON.stringify({ folderId: bobs.id }) }],
      },
    );
    expect(after.statusCode).toBe(404);
    const missing = await upload(
      t.app,
      user.headers,
      { data: randomBytes(1000) },
      {
        before: [{ name: 'folderId', value: randomUUID() }],
      },
    );
    expect(missing.statusCode).toBe(404);
    const state = await storageState(t.app, user.user.id);
    expect(state).toMatchObject({ files: [], usedBytes: 0, reservedBytes: 0, fileCount: 0 });
    expect(await tempObjects(t.app)).toBe(0);
  });

  it('treats names as display text: no path parts, no control characters, markup kept literal', async () => {
    const traversal = await upload(t.app, alice.headers, {
      data: randomBytes(10),
      filename: '../../etc/passwd',
    });
    expect(traversal.statusCode).toBe(201);
    expect(traversal.json().file.name).toBe('passwd');
    const windows = await upload(t.app, alice.headers, {
      data: randomBytes(10),
      filename: '..\\..\\boot.ini',
      filenameStar: true,
    });
    expect(windows.json().file.name).toBe('boot.ini');
    // A name the client chose (metadata) is single-line text: a line break is refused, by field.
    const header = await upload(
      t.app,
      alice.headers,
      { data: randomBytes(10) },
      {
        before: [{ name: 'metadata', value: JSON.stringify({ name: 'a"\r\nSet-Cookie: x' }) }],
      },
    );
    expect(header.statusCode).toBe(400);
    expect(header.json().error.message).toBe('metadata.name: Must not contain control characters');
    expect(header.headers['set-cookie']).toBeUndefined();
    // A browser sends such a name percent-encoded in filename="..."; it stays literal text.
    const encoded = await upload(t.app, alice.headers, { data: randomBytes(10), filename: 'b"\r\nX: y' });
    expect(encoded.json().file.name).toBe('b%22%0D%0AX: y');
    const markup = await upload(t.app, alice.headers, {
      data: randomBytes(10),
      filename: '<img src=x onerror=alert(1)>.html',
    });
    expect(markup.json().file.name).toBe('<img src=x onerror=alert(1)>.html');
    expect(markup.headers['content-type']).toMatch(/^application\/json/);
    const dots = await upload(t.app, alice.headers, {
      data: randomBytes(10),
      filename: '..',
      filenameStar: true,
    });
    expect(dots.json().file.name).toBe('unnamed');
    const viaMetadata = await upload(
      t.app,
      alice.headers,
      { data: randomBytes(10) },
      {
        before: [{ name: 'metadata', value: JSON.stringify({ name: 'x/../../y\u0000z.txt' }) }],
      },
    );
    expect(viaMetadata.statusCode).toBe(400);
    expect(viaMetadata.json().error.message).toBe('metadata.name: Must not contain NUL characters');
    // A file name with NUL cannot come from a file system: refused too, naming it.
    const nul = await upload(t.app, alice.headers, { data: randomBytes(10), filename: 'a\u0000b.txt' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toBe('file name: Must not contain NUL characters');
    // Unknown form fields are named, not ignored.
    const unknown = await upload(
      t.app,
      alice.headers,
      { data: randomBytes(10) },
      { before: [{ name: 'folder', value: 'x' }] },
    );
    expect(unknown.json().error.message).toBe('folder: Unknown field (send file, folderId or metadata)');
    const unknownMeta = await upload(
      t.app,
      alice.headers,
      { data: randomBytes(10) },
      { after: [{ name: 'metadata', value: JSON.stringify({ title: 'x' }) }] },
    );
    expect(unknownMeta.json().error.message).toBe('metadata: Unknown field "metadata.title"');
    expect(await tempObjects(t.app)).toBe(0);
  });

  it('uses the part MIME type, or application/octet-stream when it is missing or malformed', async () => {
    const ok = await upload(t.app, alice.headers, { data: randomBytes(10), contentType: 'image/PNG' });
    expect(ok.json().file.type).toBe('image/png');
    const bad = await upload(t.app, alice.headers, { data: randomBytes(10), contentType: 'not a type' });
    expect(bad.json().file.type).toBe('application/octet-stream');
  });

  it('answers 400 without a file, with two files, or with bad fields', async () => {
    const none = multipart([{ name: 'folderId', value: '' }]);
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { ...alice.headers, ...none.headers },
      payload: none.body,
    });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().error.code).toBe('NO_FILE');
    const two = multipart([
      { name: 'file', data: randomBytes(10), filename: 'one' },
      { name: 'file', data: randomBytes(10), filename: 'two' },
    ]);
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { ...alice.headers, ...two.headers },
      payload: two.body,
    });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().error.message).toBe(FILE_ERRORS.ONE_FILE_PER_REQUEST);
    const badFolder = await upload(
      t.app,
      alice.headers,
      { data: randomBytes(10) },
      { before: [{ name: 'folderId', value: 'nope' }] },
    );
    expect(badFolder.statusCode).toBe(400);
    const badMeta = await upload(
      t.app,
      alice.headers,
      { data: randomBytes(10) },
      { after: [{ name: 'metadata', value: '{nope' }] },
    );
    expect(badMeta.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: alice.headers,
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
    expect(await tempObjects(t.app)).toBe(0);
    expect((await storageState(t.app, alice.user.id)).reservedBytes).toBe(0);
  });

  it('needs a signed-in user with storage:write', async () => {
    const form = multipart([{ name: 'file', data: randomBytes(10), filename: 'x' }]);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: form.headers,
      payload: form.body,
    });
    expect(anon.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { ...form.headers, authorization: 'Bearer nope' },
      payload: form.body,
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('upload limits and failures', () => {
  let t: TestApp;
  let url: string;
  let alice: TestUser;
  const CAP = 64 * 1024;

  beforeAll(async () => {
    t = await createTestApp({ MAX_UPLOAD_BYTES: String(CAP) });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    alice = await createTestUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('rejects from Content-Length before reading the body: 413 FILE_TOO_LARGE', async () => {
    const declared = 50 * 1024 * 1024;
    const form = multipart([{ name: 'file', data: Buffer.alloc(0), filename: 'big.bin' }]);
    const res = await rawRequest(`${url}/api/files/upload`, {
      headers: { ...alice.headers, ...form.headers, 'content-length': declared },
      // Only a little is ever sent: the answer must not wait for the rest.
      chunks: [form.body.subarray(0, 200)],
    });
    expect(res).not.toBe('aborted');
    if (res === 'aborted') return;
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body.toString())).toEqual({
      success: false,
      error: { code: 'FILE_TOO_LARGE', message: 'File exceeds the maximum upload size of 64 KB' },
    });
  });

  it('stops reading at the cap when the body is bigger than declared parts: 413, nothing stored', async () => {
    const data = randomBytes(CAP + 1);
    const res = await upload(t.app, alice.headers, { data });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('FILE_TOO_LARGE');
    // Exactly the cap is fine.
    const exact = await upload(t.app, alice.headers, { data: data.subarray(0, CAP) });
    expect(exact.statusCode).toBe(201);
    const state = await storageState(t.app, alice.user.id);
    expect(state).toMatchObject({ usedBytes: CAP, reservedBytes: 0, fileCount: 1 });
    expect(state.files).toHaveLength(1);
    expect(await tempObjects(t.app)).toBe(0);
  });

  it('limits a chunked upload (no Content-Length) by the stream', async () => {
    const form = multipart([{ name: 'file', data: randomBytes(CAP * 3), filename: 'chunked.bin' }]);
    const chunks: Buffer[] = [];
    for (let i = 0; i < form.body.length; i += 16 * 1024) chunks.push(form.body.subarray(i, i + 16 * 1024));
    const user = await createTestUser(t.app);
    const res = await rawRequest(`${url}/api/files/upload`, {
      headers: { ...user.headers, ...form.headers, 'transfer-encoding': 'chunked' },
      chunks,
    });
    if (res === 'aborted') throw new Error('aborted');
    expect(res.status).toBe(413);
    await eventually(async () => {
      expect(await storageState(t.app, user.user.id)).toMatchObject({ files: [], reservedBytes: 0 });
    });
    expect(await tempObjects(t.app)).toBe(0);
  });

  it('an upload aborted halfway leaves no row, no blob, no bytes and the quota unchanged', async () => {
    const user = await createTestUser(t.app);
    const data = randomBytes(CAP - 1000);
    const form = multipart([{ name: 'file', data, filename: 'half.bin' }]);
    const blobsBefore = (await t.app.ctx.database.db.select().from(blobs)).length;
    const chunks: Buffer[] = [];
    for (let i = 0; i < form.body.length; i += 4096) chunks.push(form.body.subarray(i, i + 4096));
    const res = await rawRequest(`${url}/api/files/upload`, {
      headers: { ...user.headers, ...form.headers, 'content-length': form.body.length },
      chunks,
      abortAfter: Math.floor(form.body.length / 2),
    });
    expect(res).toBe('aborted');
    await eventually(async () => {
      const state = await storageState(t.app, user.user.id);
      expect(state).toMatchObject({ files: [], usedBytes: 0, reservedBytes: 0, fileCount: 0 });
      expect(await tempObjects(t.app)).toBe(0);
    });
    expect((await t.app.ctx.database.db.select().from(blobs)).length).toBe(blobsBefore);
    expect(
      await t.app.ctx.database.db
        .select()
        .from(blobs)
        .where(eq(blobs.sha256, sha256(data))),
    ).toEqual([]);
  });
});

describe('quota', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A user whose plan (free, 5 GB) has only `left` bytes to spare. */
  async function userWithRoomFor(left: number) {
    const user = await createTestUser(t.app);
    await t.app.ctx.database.db.insert(storageAccounts).values({
      userId: user.user.id,
      usedBytes: 5 * 1024 ** 3 - left,
      fileCount: 0,
    });
    return user;
  }

  it('answers 413 QUOTA_EXCEEDED past the plan quota and stores nothing', async () => {
    const user = await userWithRoomFor(5000);
    const res = await upload(t.app, user.headers, { data: randomBytes(6000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'QUOTA_EXCEEDED', message: 'Storage quota exceeded' });
    const ok = await upload(t.app, user.headers, { data: randomBytes(3000) });
    expect(ok.statusCode).toBe(201);
    const state = await storageState(t.app, user.user.id);
    expect(state).toMatchObject({ reservedBytes: 0, fileCount: 1 });
    expect(state.files).toHaveLength(1);
  });

  it('two concurrent uploads that together exceed the quota: exactly one succeeds', async () => {
    const user = await userWithRoomFor(12_000);
    const forms = [
      multipart([{ name: 'file', data: randomBytes(8000), filename: 'a' }]),
      multipart([{ name: 'file', data: randomBytes(8000), filename: 'b' }]),
    ];
    const results = await Promise.all(
      forms.map((f) =>
        rawRequest(`${url}/api/files/upload`, {
          headers: { ...user.headers, ...f.headers, 'content-length': f.body.length },
          chunks: [f.body.subarray(0, 100), f.body.subarray(100)],
        }),
      ),
    );
    const statuses = results.map((r) => (r === 'aborted' ? 0 : r.status)).sort();
    expect(statuses).toEqual([201, 413]);
    const state = await storageState(t.app, user.user.id);
    expect(state).toMatchObject({ reservedBytes: 0, fileCount: 1 });
    expect(state.files).toHaveLength(1);
  });

  it('is unlimited on a plan without a storage limit', async () => {
    const user = await createTestUser(t.app, { subscriptionPlan: 'enterprise' });
    await t.app.ctx.database.db
      .insert(storageAccounts)
      .values({ userId: user.user.id, usedBytes: 10 * 1024 ** 4 });
    const res = await upload(t.app, user.headers, { data: randomBytes(1000) });
    expect(res.statusCode).toBe(201);
  });
});

describe('upload size setting', () => {
  it('reads the cap from the maxUploadSize app setting', async () => {
    const t = await createTestApp();
    try {
      const user = await createTestUser(t.app);
      await t.app.ctx.database.db
        .update(appSettings)
        .set({ value: sql`'2048'::jsonb` })
        .where(eq(appSettings.key, 'maxUploadSize'));
      const res = await upload(t.app, user.headers, { data: randomBytes(3000) });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe('File exceeds the maximum upload size of 2 KB');
    } finally {
      await t.close();
    }
  });
});
