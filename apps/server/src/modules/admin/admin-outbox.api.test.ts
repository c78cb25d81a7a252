import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';

describe('admin: outbox', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    for (const [to, subject] of [
      ['ann@example.test', 'first'],
      ['bob@example.test', 'second'],
      ['ann@example.test', 'third'],
    ]) {
      await t.app.ctx.mailer.send({
        to: to as string,
        subject: subject as string,
        text: 'code 123456',
        kind: 'test',
      });
      // PGlite's now() has millisecond resolution; keep the three creation times apart.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
  });
  afterAll(() => t.close());

  const outbox = (query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: admin.headers, query });

  it('lists mail newest first', async () => {
    const res = await outbox();
    expect(res.statusCode).toBe(200);
    const { mails, total } = res.json().data;
    expect(total).toBe(3);
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual(['third', 'second', 'first']);
    expect(mails[0]).toMatchObject({
      to: 'ann@example.test',
      text: 'code 123456',
      kind: 'test',
      sentAt: null,
    });
    expect(Date.parse(mails[0].createdAt)).not.toBeNaN();
  });

  it('filters by recipient, ignoring case', async () => {
    const res = await outbox({ to: ' Ann@Example.TEST ' });
    expect(res.json().data).toMatchObject({ total: 2, mails: [{ subject: 'third' }, { subject: 'first' }] });
    expect((await outbox({ to: 'nobody@example.test' })).json().data).toEqual({ mails: [], total: 0 });
  });

  it('pages', async () => {
    const res = await outbox({ limit: '1', offset: '1' });
    expect(res.json().data).toMatchObject({ total: 3, mails: [{ subject: 'second' }] });
  });
});
