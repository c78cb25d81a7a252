import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { FILE_ERRORS } from '@stratos/contracts/files/upload.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFile } from '../../../test/files.fixture';
import { startTestS3, type TestS3Server } from '../../../test/s3-server.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { eventually, upload } from '../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { files, transfers } from '../../db/schema/index';

const drivers = ['local', 's3'] as const;

describe.each(drivers)('downloads (%s driver)', (driver) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let alice: TestUser;
  let bob: TestUser;
  let data: Buffer;
  let fileId: string;

  beforeAll(async () => {
    if (driver === 's3') s3 = await startTestS3();
    t = await createTestApp(s3?.env ?? {});
    alice = await createTestUser(t.app);
    bob = await createTestUser(t.app);
    data = randomBytes(100_000);
    const res = await upload(t.app, alice.headers, {
      data,
      filename: 'Résumé 2024 (final).pdf',
      filenameStar: true,
      contentType: 'application/pdf',
    });
    fileId = res.json().file.id;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  async function link(id = fileId, user = alice) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/files/${id}/download-link`,
      headers: user.headers,
    });
    return res;
  }
  const transfersOf = (userId: string) =>
    t.app.ctx.database.db.select().from(transfers).where(eq(transfers.userId, userId));

  it('issues a 5-minute link scoped to the file, not the bearer token', async () => {
    const res = await link();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, url: expect.any(String), expiresAt: expect.any(String) });
    expect(body.url).toMatch(new RegExp(`^/api/files/${fileId}/download\\?token=[^&]+$`));
    expect(body.url).not.toContain(alice.token);
    const ttl = new Date(body.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(4.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
  });

  it("answers 404 for another user's file, an unknown id, or a file in the recycle bin; 401 signed out", async () => {
    expect((await link(fileId, bob)).statusCode).toBe(404);
    expect((await link(randomUUID())).statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'POST', url: `/api/files/${fileId}/download-link` });
    expect(anon.statusCode).toBe(401);
    const binned = await insertFile(t.app.ctx.database.db, {
      ownerId: alice.user.id,
      name: 'gone',
      deletedAt: new Date(),
    });
    expect((await link(binned.id)).statusCode).toBe(404);
  });

  it('streams the whole file with safe headers and records the transfer', async () => {
    const { url } = (await link()).json();
    const before = (await transfersOf(alice.user.id)).length;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(data.length),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename="R_sum_ 2024 (final).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%202024%20%28final%29.pdf`,
    });
    await eventually(async () => {
      const rows = await transfersOf(alice.user.id);
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toMatchObject({ fileId, bytes: data.length, kind: 'download' });
    });
  });

  it('serves single byte ranges with 206 and counts only their bytes', async () => {
    const { url } = (await link()).json();
    const before = (await transfersOf(alice.user.id)).length;
    const mid = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(mid.statusCode).toBe(206);
    expect(mid.headers['content-range']).toBe(`bytes 10-19/${data.length}`);
    expect(mid.headers['content-length']).toBe('10');
    expect(mid.rawPayload.equals(data.subarray(10, 20))).toBe(true);
    const open = await t.app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${data.length - 100}-` },
    });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(data.subarray(data.length - 100))).toBe(true);
    const suffix = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-7' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(
      `bytes ${data.length - 7}-${data.length - 1}/${data.length}`,
    );
    expect(suffix.rawPayload.equals(data.subarray(data.length - 7))).toBe(true);
    const clipped = await t.app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${data.length - 2}-${data.length + 50}` },
    });
    expect(clipped.statusCode).toBe(206);
    expect(clipped.rawPayload.length).toBe(2);
    await eventually(async () => {
      const rows = (await transfersOf(alice.user.id)).slice(before);
      expect(rows.map((r) => r.bytes).sort((a, b) => a - b)).toEqual([2, 7, 10, 100]);
    });
  });

  it('answers 416 for a range past the end and ignores multi-range or malformed ranges', async () => {
    const { url } = (await link()).json();
    const past = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${data.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${data.length}`);
    expect(past.json().error.code).toBe('RANGE_NOT_SATISFIABLE');
    const multi = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1,5-6' } });
    expect(multi.statusCode).toBe(200);
    expect(multi.rawPayload.length).toBe(data.length);
    const junk = await t.app.inject({ method: 'GET', url, headers: { range: 'lines=1-2' } });
    expect(junk.statusCode).toBe(200);
  });

  it('refuses a tampered, expired or other-file token with 401 JSON', async () => {
    const { url } = (await link()).json();
    const token = new URL(url, 'http://x').searchParams.get('token') ?? '';
    const tampered = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/download?token=${token.slice(0, -2)}xx`,
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({
      success: false,
      error: { code: 'INVALID_DOWNLOAD_TOKEN', message: FILE_ERRORS.INVALID_DOWNLOAD_TOKEN },
    });
    const other = await upload(t.app, alice.headers, { data: randomBytes(10), filename: 'other.txt' });
    const wrongFile = await t.app.inject({
      method: 'GET',
      url: `/api/files/${other.json().file.id}/download?token=${encodeURIComponent(token)}`,
    });
    expect(wrongFile.statusCode).toBe(401);
    // The user's bearer token is not a download token.
    const bearer = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/download?token=${alice.token}`,
    });
    expect(bearer.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url: `/api/files/${fileId}/download` });
    expect(missing.statusCode).toBe(400);
    t.clock.advance(5 * 60_000 + 1000);
    try {
      const expired = await t.app.inject({ method: 'GET', url });
      expect(expired.statusCode).toBe(401);
    } finally {
      t.clock.advance(-(5 * 60_000 + 1000));
    }
  });

  it('answers 404 when the file went to the recycle bin after the link was issued', async () => {
    const other = await upload(t.app, alice.headers, { data: randomBytes(10), filename: 'soon-deleted.txt' });
    const id = other.json().file.id;
    const { url } = (await link(id)).json();
    await t.app.ctx.database.db.update(files).set({ deletedAt: new Date() }).where(eq(files.id, id));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('keeps quotes, CR/LF and markup in names out of the headers', async () => {
    const res = await upload(
      t.app,
      alice.headers,
      { data: randomBytes(10) },
      {
        // A line break in a chosen name is refused at upload (input rules); a quote is kept.
        before: [{ name: 'metadata', value: JSON.stringify({ name: 'a"Set-Cookie: x=1' }) }],
      },
    );
    const { url } = (await link(res.json().file.id)).json();
    const dl = await t.app.inject({ method: 'GET', url });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['set-cookie']).toBeUndefined();
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="aSet-Cookie: x=1"; filename*=UTF-8''aSet-Cookie%3A%20x%3D1`,
    );
    // A row written by another path with raw control characters still yields a valid header.
    const raw = await insertFile(t.app.ctx.database.db, {
      ownerId: alice.user.id,
      name: 'evil"\r\nX-Injected: 1\\<script>.html',
      mimeType: 'text/html\r\nX-Other: 2',
      blobId: (await t.app.ctx.database.db.select().from(files).where(eq(files.id, fileId)))[0]?.blobId,
    });
    const { url: rawUrl } = (await link(raw.id)).json();
    const dl2 = await t.app.inject({ method: 'GET', url: rawUrl });
    expect(dl2.statusCode).toBe(200);
    expect(dl2.headers['x-injected']).toBeUndefined();
    expect(dl2.headers['x-other']).toBeUndefined();
    expect(dl2.headers['content-type']).toBe('application/octet-stream');
    expect(dl2.headers['content-disposition']).toBe(
      `attachment; filename="evilX-Injected: 1<script>.html"; filename*=UTF-8''evilX-Injected%3A%201%3Cscript%3E.html`,
    );
  });
});

describe('download over a real socket', () => {
  let t: TestApp;
  let url: string;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    alice = await createTestUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records only the bytes sent when the client disconnects midway', async () => {
    const data = randomBytes(48 * 1024 * 1024);
    const up = await upload(t.app, alice.headers, { data, filename: 'big.bin' });
    expect(up.statusCode).toBe(201);
    const id = up.json().file.id;
    const linkRes = await t.app.inject({
      method: 'POST',
      url: `/api/files/${id}/download-link`,
      headers: alice.headers,
    });
    let received = 0;
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${url}${linkRes.json().url}`, (res) => {
        expect(res.statusCode).toBe(200);
        res.on('data', (c: Buffer) => {
          received += c.length;
          if (received > 1024 * 1024) {
            req.destroy();
            resolve();
          }
        });
      });
      req.on('error', () => resolve());
      setTimeout(() => reject(new Error('timeout')), 10_000);
    });
    await eventually(async () => {
      const rows = await t.app.ctx.database.db.select().from(transfers).where(eq(transfers.fileId, id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.bytes).toBeGreaterThanOrEqual(received);
      expect(rows[0]?.bytes).toBeLessThan(data.length);
    });
  }, 60_000);
});
