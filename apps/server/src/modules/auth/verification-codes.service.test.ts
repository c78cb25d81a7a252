import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { FakeClock, FakeCodes } from './auth.fakes';
import { CODE_TTL_MS, VerificationCodesService } from './verification-codes.service';

function setup(codes = ['111111', '222222', '333333']) {
  const clock = new FakeClock();
  const repo = new FakeCodes();
  const queue = [...codes];
  const service = new VerificationCodesService('secret', clock, () => queue.shift() ?? '999999');
  return { clock, repo, service };
}

async function errorCode(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return `${err.statusCode} ${err.code}`;
    throw err;
  }
  return 'ok';
}

describe('VerificationCodesService', () => {
  it('generates 6-digit codes by default', async () => {
    const repo = new FakeCodes();
    const service = new VerificationCodesService('secret', new FakeClock());
    for (let i = 0; i < 50; i++) expect(await service.issue(repo, 'u1', 'signup')).toMatch(/^\d{6}$/);
  });

  it('stores only a keyed hash that expires in 24 hours', async () => {
    const { clock, repo, service } = setup();
    const code = await service.issue(repo, 'u1', 'signup');
    const row = repo.rows[0];
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(row?.expiresAt.getTime()).toBe(clock.now().getTime() + CODE_TTL_MS);
    // Another key gives another hash: the table alone cannot be brute-forced offline.
    const other = new FakeCodes();
    await new VerificationCodesService('other', clock, () => code).issue(other, 'u1', 'signup');
    expect(other.rows[0]?.codeHash).not.toBe(row?.codeHash);
  });

  it('accepts the right code and a new code replaces the old one', async () => {
    const { repo, service } = setup();
    const first = await service.issue(repo, 'u1', 'signup');
    const second = await service.issue(repo, 'u1', 'signup');
    expect(await errorCode(service.check(repo, 'u1', 'signup', first))).toBe('400 CodeMismatchException');
    const id = await service.check(repo, 'u1', 'signup', second);
    expect(id).toBe(repo.rows[1]?.id);
  });

  it('binds a code to its user and purpose', async () => {
    const { repo, service } = setup();
    const code = await service.issue(repo, 'u1', 'signup');
    await service.issue(repo, 'u2', 'reset');
    expect(await errorCode(service.check(repo, 'u1', 'reset', code))).toBe('400 CodeMismatchException');
    expect(await errorCode(service.check(repo, 'u2', 'reset', code))).toBe('400 CodeMismatchException');
  });

  it('reports an expired code', async () => {
    const { clock, repo, service } = setup();
    const code = await service.issue(repo, 'u1', 'reset');
    clock.advance(CODE_TTL_MS);
    expect(await errorCode(service.check(repo, 'u1', 'reset', code))).toBe('400 ExpiredCodeException');
  });

  it('burns the code on the fifth wrong try', async () => {
    const { repo, service } = setup();
    const code = await service.issue(repo, 'u1', 'signup');
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await errorCode(service.check(repo, 'u1', 'signup', '000000')));
    expect(results).toEqual([
      '400 CodeMismatchException',
      '400 CodeMismatchException',
      '400 CodeMismatchException',
      '400 CodeMismatchException',
      '429 LimitExceededException',
    ]);
    expect(await errorCode(service.check(repo, 'u1', 'signup', code))).toBe('429 LimitExceededException');
  });

  it('accepts the right code on the fifth try', async () => {
    const { repo, service } = setup();
    const code = await service.issue(repo, 'u1', 'signup');
    for (let i = 0; i < 4; i++) await errorCode(service.check(repo, 'u1', 'signup', '000000'));
    expect(await errorCode(service.check(repo, 'u1', 'signup', code))).toBe('ok');
  });

  it('answers a missing code like a wrong one', async () => {
    const { repo, service } = setup();
    expect(await errorCode(service.check(repo, 'nobody', 'signup', '123456'))).toBe(
      '400 CodeMismatchException',
    );
  });
});
