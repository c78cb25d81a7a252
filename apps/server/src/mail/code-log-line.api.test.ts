import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { resetCodeMail, signupCodeMail } from '../modules/auth/code-mail.template';
import { OutboxMailer } from './mailer';

describe('verification codes in the console (no SMTP)', () => {
  let t: TestApp;
  const lines: string[] = [];
  const entries = () => lines.map((l) => JSON.parse(l) as { msg?: string; req?: unknown; res?: unknown });

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp({}, { logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  it('prints each code once on a line of its own that says what it is and for whom', async () => {
    const mailer = new OutboxMailer(t.app.ctx.database.db, t.app.log);
    await mailer.send(signupCodeMail({ to: 'ada@example.com', firstName: 'Ada', code: '482913' }));
    await mailer.send(resetCodeMail({ to: 'ada@example.com', firstName: 'Ada', code: '551207' }));
    const msgs = entries().map((e) => e.msg ?? '');
    expect(msgs.filter((m) => /^Verification code for /.test(m))).toEqual([
      'Verification code for ada@example.com: 482913',
    ]);
    expect(msgs.filter((m) => /^Password reset code for /.test(m))).toEqual([
      'Password reset code for ada@example.com: 551207',
    ]);
  });

  it('keeps a code out of the request log of the request that carries it', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm',
      payload: { email: 'nobody@example.com', code: '907355' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const requestLines = entries().filter((e) => e.req || e.res);
    expect(requestLines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain('907355');
  });
});
