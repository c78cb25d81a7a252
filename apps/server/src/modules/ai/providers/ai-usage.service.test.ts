import { describe, expect, it } from 'vitest';
import { AiUsageService, OPEN_ALLOWANCE_TTL_MS } from './ai-usage.service';

type Allowance = { planId: string; email: string; role: string; limit: number | null; used: number };

/** The service over allowance rows the test edits, counting reads, with a clock the test moves. */
function setup(rows: Record<string, Allowance>) {
  let reads = 0;
  let at = Date.UTC(2026, 0, 10);
  const service = new AiUsageService({
    repo: {
      allowance: async (userId) => {
        reads++;
        const r = rows[userId];
        return r ? { ...r } : null;
      },
      logUsage: async () => {},
      logUsageRows: async () => {},
    },
    clock: { now: () => new Date(at) },
    log: { warn: () => {} },
  });
  return { service, reads: () => reads, advance: (ms: number) => (at += ms) };
}

describe('AiUsageService.admit', () => {
  it('reads an unlimited user once per TTL, and a user with a monthly limit on every call', async () => {
    const rows: Record<string, Allowance> = {
      open: { planId: 'business', email: 'o@x.test', role: 'user', limit: null, used: 0 },
      boss: { planId: 'free', email: 'b@x.test', role: 'superadmin', limit: 10, used: 0 },
      capped: { planId: 'free', email: 'c@x.test', role: 'user', limit: 2, used: 1 },
    };
    const s = setup(rows);
    await s.service.admit('open');
    await s.service.admit('open');
    await s.service.admit('boss');
    await s.service.admit('boss');
    expect(s.reads()).toBe(2);

    await s.service.admit('capped');
    (rows.capped as Allowance).used = 2;
    await expect(s.service.admit('capped')).rejects.toMatchObject({ statusCode: 402 });
    expect(s.reads()).toBe(4);

    // A plan change reaches an unlimited user's calls once the TTL has passed.
    (rows.open as Allowance).limit = 1;
    (rows.open as Allowance).used = 1;
    s.advance(OPEN_ALLOWANCE_TTL_MS - 1);
    await s.service.admit('open');
    s.advance(1);
    await expect(s.service.admit('open')).rejects.toMatchObject({ statusCode: 402 });
  });

  it('reads a prepaid account on every call (its plan decides whether credits are held)', async () => {
    const s = setup({ pre: { planId: 'prepaid', email: 'p@x.test', role: 'user', limit: null, used: 0 } });
    const payer = await s.service.admit('pre');
    expect(payer).toEqual({
      userId: 'pre',
      email: 'p@x.test',
      role: 'user',
      prepaid: true,
      planId: 'prepaid',
      unrestricted: false,
    });
    await s.service.admit('pre');
    expect(s.reads()).toBe(2);
  });
});
