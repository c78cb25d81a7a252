import { accessTokenClaimsSchema } from '@stratos/contracts/auth/user.schema';
import { describe, expect, it } from 'vitest';
import { accessTokenClaims, decodeAccessToken, tokenIsFresh } from './jwt';

const claims = {
  sub: 'u1',
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  role: 'user',
  permissions: ['storage:read'],
  exp: 2_000_000_000,
};

// Every case goes through the hand check and the contract schema: they must agree.
const cases: [string, unknown][] = [
  ['the required claims', claims],
  ['every optional claim', { ...claims, iat: 1_900_000_000, sid: 'family', tv: 3 }],
  ['unknown claims (dropped)', { ...claims, aud: 'x' }],
  ['an unknown role', { ...claims, role: 'root' }],
  ['a missing email', { ...claims, email: undefined }],
  ['permissions that are not text', { ...claims, permissions: [1] }],
  ['exp as text', { ...claims, exp: '2000000000' }],
  ['a fractional token version', { ...claims, tv: 1.5 }],
  ['sid as a number', { ...claims, sid: 7 }],
  ['iat as text', { ...claims, iat: 'now' }],
  ['null', null],
  ['a string', 'token'],
];

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (payload: unknown) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.sig`;

describe('accessTokenClaims', () => {
  it.each(cases)('answers as accessTokenClaimsSchema does for %s', (_, value) => {
    const schema = accessTokenClaimsSchema.safeParse(value);
    expect(accessTokenClaims(value)).toEqual(schema.success ? schema.data : null);
  });
});

describe('decodeAccessToken', () => {
  it('reads the claims of a token and rejects a malformed one', () => {
    expect(decodeAccessToken(token(claims))).toMatchObject({ id: 'u1', role: 'user' });
    expect(() => decodeAccessToken(token({ ...claims, role: 'root' }))).toThrow(
      'Invalid JWT token structure',
    );
    expect(() => decodeAccessToken('a.b')).toThrow('Invalid JWT token structure');
  });

  it('counts a token fresh only before its expiry', () => {
    expect(tokenIsFresh(token(claims), 1_000_000_000_000)).toBe(true);
    expect(tokenIsFresh(token(claims), 2_000_000_000_000)).toBe(false);
  });
});
