import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../../test/files.fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/users.fixture';
import { redactUrl } from './request-log';

describe('request logs', () => {
  let t: TestApp;
  let owner: TestUser;
  const lines: string[] = [];
  const log = () => lines.join('');

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({}, { logger: { level: 'info', stream } });
    owner = await createTestUser(t.app);
  });
  afterAll(() => t.close());

  it('never print a download token, a share token, its ticket or the bearer token', async () => {
    const file = await storeFile(t.app, { ownerId: owner.user.id, name: 'a.txt', data: 'hello' });
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/files/${file.id}/download-link`,
      headers: owner.headers,
    });
    const downloadUrl: string = link.json().url;
    const downloadToken = new URL(downloadUrl, 'http://x').searchParams.get('token') as string;
    expect((await t.app.inject({ method: 'GET', url: downloadUrl })).body).toBe('hello');

    const created = await t.app.inject({
      method: 'POST',
      url: `/api/files/${file.id}/shares`,
      headers: owner.headers,
      payload: {},
    });
    const shareToken = (created.json().share.url as string).replace('/s/', '');
    await t.app.inject({ method: 'GET', url: `/s/${shareToken}` });
    await t.app.inject({ method: 'GET', url: `/api/public/shares/${shareToken}` });
    const ticketUrl: string = (
      await t.app.inject({ method: 'POST', url: `/api/public/shares/${shareToken}/download`, payload: {} })
    ).json().url;
    const ticket = new URL(ticketUrl, 'http://x').searchParams.get('t') as string;
    expect((await t.app.inject({ method: 'GET', url: ticketUrl })).body).toBe('hello');
    // A token sent where none is expected (and a cookie) must not show either.
    await t.app.inject({
      method: 'GET',
      url: `/api/files?token=${downloadToken}&access_token=${owner.token}`,
      headers: { ...owner.headers, cookie: `session=${owner.token}` },
    });

    const text = log();
    // The requests were logged at all, with their (redacted) URLs.
    expect(text).toContain(`/api/files/${file.id}/download?token=[redacted]`);
    expect(text).toContain('/api/public/shares/[redacted]/file?t=[redacted]');
    expect(text).toContain('"url":"/s/[redacted]"');
    for (const secret of [downloadToken, shareToken, ticket, owner.token]) {
      expect(secret.length).toBeGreaterThan(20);
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/authorization|cookie/i);
  });
});

describe('redactUrl', () => {
  it('keeps the path and the query names, drops query values and token segments', () => {
    expect(redactUrl('/api/files?limit=20&offset=0')).toBe('/api/files?limit=[redacted]&offset=[redacted]');
    expect(redactUrl('/api/files/7c9e6679-7425-40de-944b-e07fc1f90ae7/download')).toBe(
      '/api/files/7c9e6679-7425-40de-944b-e07fc1f90ae7/download',
    );
    expect(redactUrl('/s/abc')).toBe('/s/[redacted]');
    expect(redactUrl('/api/public/shares/short/download')).toBe('/api/public/shares/[redacted]/download');
    // Any long opaque segment, on routes not written yet.
    expect(redactUrl(`/api/new/${'A'.repeat(40)}`)).toBe('/api/new/[redacted]');
    expect(redactUrl('/settings?tab=ai')).toBe('/settings?tab=[redacted]');
    expect(redactUrl('/')).toBe('/');
  });
});
