import { describe, expect, it } from 'vitest';
import { TokenService } from './token.service';

const subject = {
  id: '7b0f6a3e-5d1c-4a36-9b51-2f3f1c1f9a10',
  email: 'a@example.test',
  name: 'Ada',
  role: 'user' as const,
  permissions: [],
  tokenVersion: 3,
};

describe('TokenService.verifyAccess', () => {
  it('accepts its own token again and again, and refuses it once the clock passes its expiry', async () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const tokens = new TokenService('s'.repeat(32), 900, () => now);
    const token = await tokens.signAccess(subject);
    for (let i = 0; i < 3; i++)
      expect(tokens.verifyAccess(token)).toMatchObject({ ok: true, claims: { id: subject.id, tv: 3 } });
    // A verified token is remembered; its expiry is still checked on every call.
    now = new Date('2026-11-24T10:15:01Z');
    expect(tokens.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token signed with another secret or altered, even after the real one was verified', async () => {
    const now = () => new Date('2026-11-24T10:00:00Z');
    const tokens = new TokenService('s'.repeat(32), 900, now);
    const other = new TokenService('t'.repeat(32), 900, now);
    const token = await tokens.signAccess(subject);
    expect(tokens.verifyAccess(token).ok).toBe(true);
    expect(tokens.verifyAccess(await other.signAccess(subject))).toEqual({ ok: false, reason: 'invalid' });
    const [h, p, sig] = token.split('.');
    const altered = `${h}.${p}.${sig?.slice(0, -2)}${sig?.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(tokens.verifyAccess(altered)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('TokenService verified-token memory', () => {
  it('keeps answering right past its bound, and hands out claims nobody can change', async () => {
    const now = () => new Date('2026-11-24T10:00:00Z');
    const tokens = new TokenService('s'.repeat(32), 900, now);
    const issued = await Promise.all(
      Array.from({ length: 1500 }, (_, i) => tokens.signAccess({ ...subject, tokenVersion: i })),
    );
    for (const round of [0, 1]) {
      for (const [i, token] of issued.entries()) {
        const result = tokens.verifyAccess(token);
        if (!result.ok || result.claims.tv !== i)
          throw new Error(`round ${round}: token ${i} answered ${JSON.stringify(result)}`);
      }
    }
    const result = tokens.verifyAccess(issued[0] as string);
    if (!result.ok) throw new Error('refused');
    expect(() => {
      (result.claims as { role: string }).role = 'superadmin';
    }).toThrow(TypeError);
    expect(() => (result.claims.permissions as string[]).push('manage:users')).toThrow(TypeError);
    expect(tokens.verifyAccess(issued[0] as string)).toMatchObject({
      ok: true,
      claims: { role: 'user', permissions: [] },
    });
  });
});
