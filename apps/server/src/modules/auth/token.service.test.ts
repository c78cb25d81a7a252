import { describe, expect, it } from 'vitest';
import { TokenService, VERIFIED_TOKENS_KEPT } from './token.service';

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

describe('TokenService verified-token memory when full', () => {
  // A kept token answers with the same (frozen) claims object every time; a token that is not
  // kept is verified again on each use, so each answer is a new object.
  const claimsOf = (tokens: TokenService, token: string) => {
    const result = tokens.verifyAccess(token);
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    return result.claims;
  };

  it('keeps the tokens it holds and verifies newer ones without keeping them, until the oldest expires', async () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const tokens = new TokenService('s'.repeat(32), 900, () => now);
    const first = await Promise.all(
      Array.from({ length: VERIFIED_TOKENS_KEPT }, (_, i) =>
        tokens.signAccess({ ...subject, tokenVersion: i }),
      ),
    );
    for (const token of first) claimsOf(tokens, token);
    // Issued five minutes later, so it outlives the first ones.
    now = new Date('2026-11-24T10:05:00Z');
    const late = await tokens.signAccess({ ...subject, tokenVersion: -1 });

    const lateClaims = claimsOf(tokens, late);
    expect(claimsOf(tokens, late)).not.toBe(lateClaims);
    expect(claimsOf(tokens, late)).toEqual(lateClaims);
    const held = first[0] as string;
    expect(claimsOf(tokens, held)).toBe(claimsOf(tokens, held));

    // The first tokens have expired: the oldest makes room, and the late token is kept from now on.
    now = new Date('2026-11-24T10:15:01Z');
    const kept = claimsOf(tokens, late);
    expect(claimsOf(tokens, late)).toBe(kept);
    expect(tokens.verifyAccess(held)).toEqual({ ok: false, reason: 'expired' });
  });

  it('gives the room of a long-lived token back after 15 minutes', async () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const tokens = new TokenService('s'.repeat(32), 24 * 3600, () => now);
    const first = await Promise.all(
      Array.from({ length: VERIFIED_TOKENS_KEPT }, (_, i) =>
        tokens.signAccess({ ...subject, tokenVersion: i }),
      ),
    );
    for (const token of first) claimsOf(tokens, token);
    const late = await tokens.signAccess({ ...subject, tokenVersion: -1 });
    expect(claimsOf(tokens, late)).not.toBe(claimsOf(tokens, late));
    now = new Date('2026-11-24T10:15:01Z');
    const kept = claimsOf(tokens, late);
    expect(claimsOf(tokens, late)).toBe(kept);
    // Still valid, whether kept or verified afresh.
    expect(claimsOf(tokens, first[1] as string).tv).toBe(1);
  });
});
