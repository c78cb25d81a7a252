import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DownloadTokens } from './download-token';

describe('DownloadTokens', () => {
  const tokens = new DownloadTokens('x'.repeat(48));
  const userId = randomUUID();
  const fileId = randomUUID();
  const now = 1_800_000_000;

  it('verifies a token for its file and user until it expires', () => {
    const token = tokens.sign({ userId, fileId, expiresAt: now + 300 });
    expect(tokens.verify(token, fileId, now)).toEqual({ ok: true, userId, expiresAt: now + 300 });
    expect(tokens.verify(token, fileId, now + 300)).toEqual({ ok: false, reason: 'expired' });
    expect(tokens.verify(token, randomUUID(), now)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a token with a changed user, expiry or key', () => {
    const token = tokens.sign({ userId, fileId, expiresAt: now + 300 });
    const [exp, , mac] = token.split('.');
    expect(tokens.verify(`${exp}.${randomUUID()}.${mac}`, fileId, now).ok).toBe(false);
    expect(tokens.verify(`${now + 9999}.${userId}.${mac}`, fileId, now).ok).toBe(false);
    expect(new DownloadTokens('y'.repeat(48)).verify(token, fileId, now).ok).toBe(false);
    expect(tokens.verify('nonsense', fileId, now)).toEqual({ ok: false, reason: 'malformed' });
  });
});
