import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { outbox as outboxTable } from '../../db/schema/index';
import { type Mail, OutboxMailer, SmtpMailer } from '../../mail/mailer';
import { NO_LIMITS } from '../auth/auth.test-helpers';

const CODE = /\b\d{6}\b/;

describe('admin: outbox', () => {
  let t: TestApp;
  let admin: TestUser;
  let root: TestUser;
  beforeAll(async () => {
    t = await createTestApp(NO_LIMITS);
    admin = await createTestUser(t.app, { role: 'admin' });
    root = await createTestUser(t.app, { role: 'superadmin' });
    for (const [to, subject] of [
      ['ann@example.test', 'first'],
      ['bob@example.test', 'second'],
      ['ann@example.test', 'third'],
    ]) {
      await t.app.ctx.mailer.send({
        to: to as string,
        subject: subject as string,
        text: 'hello',
        kind: 'test',
      });
      // PGlite's now() has millisecond resolution; keep the three creation times apart.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
  });
  afterAll(() => t.close());

  const outbox = (who: TestUser, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: who.headers, query });

  it('lists mail newest first, for the superadmin', async () => {
    const res = await outbox(root, { limit: '3' });
    expect(res.statusCode).toBe(200);
    const { mails, total } = res.json().data;
    expect(total).toBe(3);
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual(['third', 'second', 'first']);
    expect(mails[0]).toMatchObject({
      to: 'ann@example.test',
      text: 'hello',
      kind: 'test',
      redacted: false,
      sentAt: null,
    });
    expect(Date.parse(mails[0].createdAt)).not.toBeNaN();
  });

  it('is refused to admins: it would show who asks for codes', async () => {
    const res = await outbox(admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('INSUFFICIENT_PERMISSIONS');
  });

  it('filters by recipient, ignoring case, and pages', async () => {
    const res = await outbox(root, { to: ' Ann@Example.TEST ' });
    expect(res.json().data).toMatchObject({ total: 2, mails: [{ subject: 'third' }, { subject: 'first' }] });
    expect((await outbox(root, { to: 'nobody@example.test' })).json().data).toEqual({ mails: [], total: 0 });
    const page = await outbox(root, { to: 'bob@example.test', limit: '1', offset: '0' });
    expect(page.json().data).toMatchObject({ total: 1, mails: [{ subject: 'second' }] });
  });

  it("never shows anyone a code: not the superadmin's own reset code, not another's sign-up code", async () => {
    const other = `new-${Date.now()}@example.test`;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: other, password: 'Str0ngPassword', firstName: 'N', lastName: 'U' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: root.user.email },
    });
    const codes = [t.mailbox.lastCode(other), t.mailbox.lastCode(root.user.email)];

    for (const to of [other, root.user.email]) {
      const [mail] = (await outbox(root, { to })).json().data.mails;
      expect(mail.redacted).toBe(true);
      expect(mail.text).toContain('••••••');
      expect(mail.text).not.toMatch(CODE);
    }
    // Nor does the table hold them anywhere, in text or HTML.
    const rows = await t.app.ctx.database.db.select().from(outboxTable);
    const stored = JSON.stringify(rows);
    for (const code of codes) expect(stored).not.toContain(code);
    const codeRows = rows.filter((r) => r.kind.endsWith('_code'));
    expect(codeRows.length).toBeGreaterThanOrEqual(2);
    for (const r of codeRows) expect(r.html).toContain('••••••');
  });
});

describe('mailers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const mail = (to: string): Mail => ({
    to,
    subject: 'Your code',
    text: 'Enter 314159 to continue',
    html: '<p>314159</p>',
    kind: 'signup_code',
    secrets: ['314159'],
  });
  const stored = (to: string) =>
    t.app.ctx.database.db.select().from(outboxTable).where(eq(outboxTable.to, to));

  it('without SMTP, prints the whole mail with its code to the log, and keeps it hidden', async () => {
    const lines: string[] = [];
    const logger = { info: (_obj: object, msg: string) => void lines.push(msg) };
    await new OutboxMailer(t.app.ctx.database.db, logger).send(mail('console@example.test'));
    expect(lines.join('\n')).toContain('Enter 314159 to continue');
    const [row] = await stored('console@example.test');
    expect(row).toMatchObject({ text: 'Enter •••••• to continue', html: '<p>••••••</p>', redacted: true });
  });

  it('with SMTP, delivers the code and keeps only a hidden copy', async () => {
    const delivered: string[] = [];
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const smtp = new SmtpMailer(transport, 'Stratos <no-reply@stratos.test>', t.app.ctx.database.db);
    const original = transport.sendMail.bind(transport);
    transport.sendMail = (async (message: Parameters<typeof original>[0]) => {
      const info = await original(message);
      delivered.push(String((info as { message: Buffer }).message));
      return info;
    }) as typeof transport.sendMail;
    await smtp.send(mail('smtp@example.test'));
    expect(delivered.join('')).toContain('314159');
    const [row] = await stored('smtp@example.test');
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain('314159');
  });
});
