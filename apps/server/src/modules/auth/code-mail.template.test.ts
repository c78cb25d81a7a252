import { describe, expect, it } from 'vitest';
import { maskEmail, resetCodeMail, signupCodeMail } from './code-mail.template';

describe('code mails', () => {
  it.each([
    ['jane@example.com', 'j***@e***.com'],
    ['j@e.co', 'j***@e***.co'],
    ['someone@mail.example.org', 's***@m***.org'],
    ['x@localhost', 'x***@l***'],
    ['broken', '***'],
  ])('masks %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('puts the code on a line of its own, says when it expires and escapes names in HTML', () => {
    const mail = signupCodeMail({ to: 'a@b.co', firstName: '<b>Eve</b>', code: '042137' });
    expect(mail.kind).toBe('signup_code');
    expect(mail.text.split('\n')).toContain('042137');
    expect(mail.text).toContain('expires in 24 hours');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('042137');
    // Declared, so the outbox keeps the mail with the code hidden.
    expect(mail.secrets).toEqual(['042137']);
    expect(resetCodeMail({ to: 'a@b.co', firstName: 'Eve', code: '000001' })).toMatchObject({
      kind: 'reset_code',
      subject: 'Reset your Stratos password',
    });
  });
});
