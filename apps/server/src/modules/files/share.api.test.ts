import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFolder, storeFile } from '../../../test/files.fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser, tokenFor } from '../../../test/users.fixture';
import { shareLinks, transfers } from '../../db/schema/index';

const HOUR = 60 * 60 * 1000;

describe('share links', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createTestUser(t.app);
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const bytes = Buffer.from('The quick brown fox jumps over the lazy dog');
  const share = async (u: TestUser, fileId: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/files/${fileId}/shares`, headers: u.headers, payload });
  const tokenOf = (url: string) => url.replace(/^\/s\//, '');
  const info = (token: string) => t.app.inject({ method: 'GET', url: `/api/public/shares/${token}` });
  const ask = (token: string, payload?: object, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url: `/api/public/shares/${token}/download`, payload, remoteAddress });
  const fetchBytes = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const refresh = async (u: TestUser) => {
    u.headers.authorization = `Bearer ${await tokenFor(t.app, u.user)}`;
  };
  const transfersOf = (userId: string) =>
    db()
      .select()
      .from(transfers)
      .where(and(eq(transfers.userId, userId), eq(transfers.kind, 'share_download')));

  it('creates a link whose token is only stored hashed, and lists it', async () => {
    const file = await storeFile(t.app, {
      ownerId: owner.user.id,
      name: 'fox.txt',
      data: bytes,
      mimeType: 'text/plain',
    });
    const res = await share(owner, file.id);
    expect(res.statusCode).toBe(201);
    const link = res.json().share;
    expect(link).toMatchObject({
      fileId: file.id,
      fileName: 'fox.txt',
      hasPassword: false,
      expiresAt: null,
      revokedAt: null,
      downloadCount: 0,
    });
    expect(link.url).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);
    const [row] = await db().select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(tokenOf(link.url)).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(tokenOf(link.url));

    const forFile = await t.app.inject({
      method: 'GET',
      url: `/api/files/${file.id}/shares`,
      headers: owner.headers,
    });
    expect(forFile.json().shares).toEqual([{ ...link, url: undefined }].map(({ url: _u, ...rest }) => rest));
    const all = await t.app.inject({ method: 'GET', url: '/api/shares', headers: owner.headers });
    expect(all.json().shares.map((s: { id: string }) => s.id)).toContain(link.id);
  });

  it("answers 404 for another user's file or link, and validates the body", async () => {
    const other = await createTestUser(t.app);
    const file = await storeFile(t.app, { ownerId: owner.user.id, name: 'mine.txt', data: 'mine' });
    expect((await share(other, file.id)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/${file.id}/shares`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    const link = (await share(owner, file.id)).json().share;
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/shares/${link.id}`,
      headers: other.headers,
    });
    expect(revoke.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/shares', headers: other.headers })).json().shares,
    ).toEqual([]);
    expect((await info(tokenOf(link.url))).statusCode).toBe(200);

    for (const body of [{ expiresInHours: 0 }, { expiresInHours: 1.5 }, { password: 'abc' }, { other: 1 }]) {
      const res = await share(owner, file.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // An unknown field is named, not silently dropped.
    expect((await share(owner, file.id, { other: 1 })).json().error.message).toBe('Unknown field "other"');
    const folder = await insertFolder(db(), { ownerId: owner.user.id, name: 'not a file' });
    expect((await share(owner, folder.id)).statusCode).toBe(404);
  });

  it("answers a shared download exactly as the owner's own download: headers, ranges, 416", async () => {
    const file = await storeFile(t.app, {
      ownerId: owner.user.id,
      name: 'naïve "report".html',
      data: bytes,
      mimeType: 'text/html; charset=utf-8',
    });
    await refresh(owner);
    const shareUrl = (await ask(tokenOf((await share(owner, file.id)).json().share.url))).json().url;
    const ownUrl = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/files/${file.id}/download-link`,
          headers: owner.headers,
        })
      ).json().url;
    const fileHeaders = (res: Awaited<ReturnType<typeof fetchBytes>>) =>
      Object.fromEntries(
        [
          'content-type',
          'content-disposition',
          'content-length',
          'content-range',
          'accept-ranges',
          'x-content-type-options',
          'cache-control',
        ].map((h) => [h, res.headers[h]]),
      );
    for (const range of [undefined, 'bytes=4-8', 'bytes=-3', 'bytes=999-']) {
      const headers: Record<string, string> = range ? { range } : {};
      const shared = await fetchBytes(shareUrl, headers);
      const own = await fetchBytes(await ownUrl(), headers);
      expect(shared.statusCode, range).toBe(own.statusCode);
      expect(fileHeaders(shared), range).toEqual(fileHeaders(own));
      expect(shared.rawPayload.equals(own.rawPayload), range).toBe(true);
    }
    const unsatisfiable = await fetchBytes(shareUrl, { range: 'bytes=999-' });
    expect(unsatisfiable.json()).toEqual({
      success: false,
      error: { code: 'RANGE_NOT_SATISFIABLE', message: 'Requested range not satisfiable' },
    });
    expect((await fetchBytes(shareUrl)).headers).toMatchObject({
      'content-type': 'text/html',
      'content-disposition': `attachment; filename="na_ve report.html"; filename*=UTF-8''na%C3%AFve%20report.html`,
      'x-content-type-options': 'nosniff',
    });
  });

  it('lets anyone with the link download the bytes, with safe headers, counted for the owner', async () => {
    const file = await storeFile(t.app, {
      ownerId: owner.user.id,
      name: 'résumé "final"\r\nX-Evil: 1.txt',
      data: bytes,
      mimeType: 'text/html',
    });
    const token = tokenOf((await share(owner, file.id)).json().share.url);

    const meta = await info(token);
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toEqual({
      success: true,
      file: { name: file.name, size: bytes.length, type: 'text/html' },
      requiresPassword: false,
      expiresAt: null,
    });

    const before = (await transfersOf(owner.user.id)).length;
    const grant = await ask(token);
    expect(grant.statusCode).toBe(200);
    const { url } = grant.json();
    expect(url).toMatch(new RegExp(`^/api/public/shares/${token}/file\\?t=`));

    const res = await fetchBytes(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="r_sum_ finalX-Evil: 1.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20finalX-Evil%3A%201.txt`,
    );
    expect(res.headers['x-evil']).toBeUndefined();

    const part = await fetchBytes(url, { range: 'bytes=4-8' });
    expect(part.statusCode).toBe(206);
    expect(part.payload).toBe('quick');
    expect(part.headers['content-range']).toBe(`bytes 4-8/${bytes.length}`);

    const bad = await fetchBytes(url, { range: 'bytes=999-' });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${bytes.length}`);

    // Recording happens when the response closes.
    await new Promise((r) => setTimeout(r, 50));
    const rows = (await transfersOf(owner.user.id)).slice(before);
    expect(rows.map((r) => [r.fileId, r.bytes]).sort()).toEqual(
      [
        [file.id, bytes.length],
        [file.id, 5],
      ].sort(),
    );
    const [row] = await db().select().from(shareLinks).where(eq(shareLinks.fileId, file.id));
    // The whole download counts; a range from the middle does not.
    expect(row?.downloadCount).toBe(1);
  });

  it('asks for the password when the link has one, rate-limited per IP', async () => {
    const file = await storeFile(t.app, { ownerId: owner.user.id, name: 'secret.txt', data: 'secret bytes' });
    const created = await share(owner, file.id, { password: 'open sesame' });
    expect(created.json().share.hasPassword).toBe(true);
    const token = tokenOf(created.json().share.url);
    expect((await info(token)).json().requiresPassword).toBe(true);

    for (const body of [undefined, {}, { password: 'wrong' }]) {
      const res = await ask(token, body, '10.0.0.1');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        error: { code: 'INCORRECT_PASSWORD', message: 'Incorrect password' },
      });
    }
    const ok = await ask(token, { password: 'open sesame' }, '10.0.0.1');
    expect(ok.statusCode).toBe(200);
    expect((await fetchBytes(ok.json().url)).payload).toBe('secret bytes');

    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await ask(token, { password: `guess ${i}` }, '10.0.0.1')).statusCode);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    // Another address is not held up.
    expect((await ask(token, { password: 'open sesame' }, '10.0.0.2')).statusCode).toBe(200);
  });

  it('stops working when the link expires, is revoked, or the file is deleted', async () => {
    const file = await storeFile(t.app, { ownerId: owner.user.id, name: 'brief.txt', data: 'brief' });
    const expiring = (await share(owner, file.id, { expiresInHours: 1 })).json().share;
    const revocable = (await share(owner, file.id)).json().share;
    expect(Date.parse(expiring.expiresAt) - t.clock.now().getTime()).toBeGreaterThan(HOUR - 5000);
    const expToken = tokenOf(expiring.url);
    const revToken = tokenOf(revocable.url);
    const grantedBefore = (await ask(revToken)).json().url;

    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/shares/${revocable.id}`,
      headers: owner.headers,
    });
    expect(revoke.json()).toEqual({ success: true });
    for (const res of [await info(revToken), await ask(revToken), await fetchBytes(grantedBefore)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: 'SHARE_NOT_FOUND',
        message: 'This share link is invalid or has expired',
      });
    }
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/files/${file.id}/shares`,
      headers: owner.headers,
    });
    expect(listed.json().shares.find((s: { id: string }) => s.id === revocable.id).revokedAt).not.toBeNull();

    expect((await info(expToken)).statusCode).toBe(200);
    t.clock.advance(2 * HOUR);
    await refresh(owner);
    expect((await info(expToken)).statusCode).toBe(404);
    expect((await ask(expToken)).statusCode).toBe(404);

    const lasting = tokenOf((await share(owner, file.id)).json().share.url);
    await t.app.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: owner.headers });
    expect((await info(lasting)).statusCode).toBe(404);
    await t.app.inject({
      method: 'POST',
      url: '/api/recycle-bin/restore',
      headers: owner.headers,
      payload: { items: [{ id: file.id, kind: 'file' }] },
    });
    expect((await info(lasting)).statusCode).toBe(200);
    expect((await info('not-a-token')).statusCode).toBe(404);
    expect((await info('A'.repeat(43))).statusCode).toBe(404);
  });

  it('accepts a download ticket only for its own link and only for five minutes', async () => {
    const a = await storeFile(t.app, { ownerId: owner.user.id, name: 'a.txt', data: 'aaa' });
    const b = await storeFile(t.app, { ownerId: owner.user.id, name: 'b.txt', data: 'bbb' });
    const ta = tokenOf((await share(owner, a.id)).json().share.url);
    const tb = tokenOf((await share(owner, b.id)).json().share.url);
    const ticketA = new URL((await ask(ta)).json().url, 'http://x').searchParams.get('t') as string;

    const cross = await fetchBytes(`/api/public/shares/${tb}/file?t=${encodeURIComponent(ticketA)}`);
    expect(cross.statusCode).toBe(401);
    const forged = await fetchBytes(
      `/api/public/shares/${ta}/file?t=${ticketA.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`,
    );
    expect(forged.statusCode).toBe(401);
    const good = `/api/public/shares/${ta}/file?t=${encodeURIComponent(ticketA)}`;
    expect((await fetchBytes(good)).payload).toBe('aaa');
    t.clock.advance(6 * 60 * 1000);
    await refresh(owner);
    const late = await fetchBytes(good);
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('INVALID_DOWNLOAD_TOKEN');
    expect((await fetchBytes(`/api/public/shares/${ta}/file`)).statusCode).toBe(400);
  });
});
