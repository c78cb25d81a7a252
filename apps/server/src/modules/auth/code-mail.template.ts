import type { Mail } from '../../mail/mailer';

/** `jane@example.com` -> `j***@e***.com`: enough to recognise the mailbox, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local[0]}***@${host[0] ?? ''}***${tld}`;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

interface CodeMailInput {
  to: string;
  firstName: string;
  code: string;
}

function codeMail(
  kind: 'signup_code' | 'reset_code',
  subject: string,
  intro: string,
  outro: string,
  { to, firstName, code }: CodeMailInput,
): Mail {
  const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
  // The code stands alone on its line so people (and tests) can pick it out.
  const text = [
    greeting,
    '',
    intro,
    '',
    code,
    '',
    'The code expires in 24 hours.',
    outro,
    '',
    '— Stratos',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f5f7fa;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px;color:#1890ff">Stratos</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;text-align:center;margin:24px 0">${escapeHtml(code)}</p>
<p>The code expires in 24 hours.</p>
<p style="color:#52606d;font-size:14px">${escapeHtml(outro)}</p>
</div></body></html>`;
  return { to, subject, text, html, kind, secrets: [code] };
}

export const signupCodeMail = (input: CodeMailInput): Mail =>
  codeMail(
    'signup_code',
    'Your Stratos verification code',
    'Welcome to Stratos! Enter this code to confirm your email address:',
    'If you did not create an account, you can ignore this email.',
    input,
  );

export const resetCodeMail = (input: CodeMailInput): Mail =>
  codeMail(
    'reset_code',
    'Reset your Stratos password',
    'We received a request to reset your password. Enter this code to choose a new one:',
    'If you did not ask to reset your password, you can ignore this email; your password stays the same.',
    input,
  );
