import { describe, expect, it } from 'vitest';
import { type AlertInputs, evaluateAlerts, severities } from './alert-engine';

const M = 1_000_000;
const GB = 1024 ** 3;
/** A prepaid account with plenty of credits and no usage: no alert. */
const base: AlertInputs = {
  usedBytes: 0,
  quotaBytes: null,
  prepaid: true,
  balanceMicros: 100 * M,
  dailyCostMicros: 0,
};
const alertOf = (i: Partial<AlertInputs>, type: string) =>
  evaluateAlerts({ ...base, ...i }).find((a) => a.type === type);
const severityOf = (i: Partial<AlertInputs>, type: string) => alertOf(i, type)?.severity ?? null;

describe('alert engine', () => {
  it('raises nothing for a healthy account', () => {
    expect(evaluateAlerts(base)).toEqual([]);
    expect(severities(base)).toBe(',,,');
  });

  it.each([
    [79, null],
    [80, 'warning'],
    [94, 'warning'],
    [95, 'critical'],
    [100, 'critical'],
  ])('storage_usage at %i%% of the quota -> %s', (pct, expected) => {
    const i = { prepaid: false, usedBytes: pct * GB, quotaBytes: 100 * GB };
    expect(severityOf(i, 'storage_usage')).toBe(expected);
  });

  it('storage_usage: exact boundaries 0.8 and 0.95, none without a quota', () => {
    expect(severityOf({ usedBytes: 799_999, quotaBytes: 1_000_000 }, 'storage_usage')).toBeNull();
    expect(severityOf({ usedBytes: 800_000, quotaBytes: 1_000_000 }, 'storage_usage')).toBe('warning');
    expect(severityOf({ usedBytes: 949_999, quotaBytes: 1_000_000 }, 'storage_usage')).toBe('warning');
    expect(severityOf({ usedBytes: 950_000, quotaBytes: 1_000_000 }, 'storage_usage')).toBe('critical');
    expect(severityOf({ usedBytes: 19, quotaBytes: 20 }, 'storage_usage')).toBe('critical');
    expect(severityOf({ usedBytes: 10 ** 15, quotaBytes: null }, 'storage_usage')).toBeNull();
    const a = alertOf({ usedBytes: 96, quotaBytes: 100 }, 'storage_usage');
    expect(a?.message).toContain('96%');
    expect(a?.actions.map((x) => x.type)).toEqual(['manage_files', 'upgrade']);
  });

  it.each([
    [5 * M, null],
    [5 * M - 1, 'warning'],
    [1 * M, 'warning'],
    [1 * M - 1, 'critical'],
    [0, 'critical'],
  ])('credit_balance at %i micros -> %s (below 5 warning, below 1 critical)', (balanceMicros, expected) => {
    expect(severityOf({ balanceMicros }, 'credit_balance')).toBe(expected);
  });

  it('credit alerts only for prepaid accounts', () => {
    const broke = { balanceMicros: 0, dailyCostMicros: 10 * M };
    expect(
      evaluateAlerts({ ...base, ...broke })
        .map((a) => a.type)
        .sort(),
    ).toEqual(['credit_balance', 'credit_duration', 'projected_shortfall']);
    expect(evaluateAlerts({ ...base, ...broke, prepaid: false })).toEqual([]);
    expect(alertOf({ balanceMicros: 0 }, 'credit_balance')?.title).toBe('Out of credits');
  });

  it.each([
    // balance / daily cost = days left
    [8, 1, null],
    [7.000001, 1, null],
    [7, 1, 'warning'],
    [3.000001, 1, 'warning'],
    [3, 1, 'critical'],
    [0.5, 1, 'critical'],
    [2.1, 0.3, 'warning'],
    [0.9, 0.3, 'critical'],
  ])(
    'credit_duration with %s credits at %s a day -> %s (<= 7 warning, <= 3 critical)',
    (balance, cost, expected) => {
      const i = { balanceMicros: Math.round(balance * M), dailyCostMicros: Math.round(cost * M) };
      expect(severityOf(i, 'credit_duration')).toBe(expected);
    },
  );

  it.each([
    [2, null],
    [2.000001, 'warning'],
    [5, 'warning'],
    [5.000001, 'critical'],
  ])(
    'credit_duration from a daily cost of $%s with a large balance -> %s (> $2 warning, > $5 critical)',
    (cost, expected) => {
      const i = { balanceMicros: 10_000 * M, dailyCostMicros: Math.round(cost * M) };
      expect(severityOf(i, 'credit_duration')).toBe(expected);
      if (expected) expect(alertOf(i, 'credit_duration')?.title).toBe('High daily cost');
    },
  );

  it('credit_duration takes the worse of days left and daily cost; none without a cost', () => {
    // 6 days left (warning) at $6 a day (critical).
    const a = alertOf({ balanceMicros: 36 * M, dailyCostMicros: 6 * M }, 'credit_duration');
    expect(a?.severity).toBe('critical');
    expect(a?.details).toMatchObject({
      daysLeft: 6,
      dailyCost: 6,
      balance: 36,
      reasons: ['days_left', 'daily_cost'],
    });
    expect(severityOf({ balanceMicros: 0, dailyCostMicros: 0 }, 'credit_duration')).toBeNull();
  });

  it.each([
    // balance, daily cost -> severity, shortfall, suggested top-up
    [30, 1, null, 0, 0],
    [29.99, 1, 'warning', 0.01, 5],
    [20, 1, 'warning', 10, 10],
    [19.99, 1, 'critical', 10.01, 15],
    [0, 0.5, 'critical', 15, 15],
    [10, 1, 'critical', 20, 20],
    [9, 1, 'critical', 21, 25],
  ])(
    'projected_shortfall: %s credits at $%s a day -> %s, shortfall %s, top-up %s',
    (balance, cost, severity, shortfall, topUp) => {
      const a = alertOf(
        { balanceMicros: Math.round(balance * M), dailyCostMicros: Math.round(cost * M) },
        'projected_shortfall',
      );
      expect(a?.severity ?? null).toBe(severity);
      if (!a) return;
      expect(a.details).toMatchObject({
        shortfall,
        suggestedTopUp: topUp,
        days: 30,
        projectedCost: cost * 30,
      });
      expect(a.actions[0]).toEqual({
        type: 'buy_credits',
        label: `Add ${topUp} Credits`,
        priority: 'primary',
      });
      expect(a.message).toContain(`Add $${topUp} in credits`);
    },
  );

  it('severities() tells whether a balance change moves an alert, as evaluateAlerts decides', () => {
    const levels = (i: AlertInputs) => {
      const d = new Map(evaluateAlerts(i).map((a) => [a.type, a.severity]));
      const s = (t: string) => d.get(t as never) ?? '';
      return i.prepaid
        ? `${s('storage_usage')},${s('credit_balance')},${s('credit_duration')},${s('projected_shortfall')}`
        : s('storage_usage');
    };
    for (const balance of [0, 0.5, 1, 2.9, 3, 4.99, 5, 7, 20, 29.99, 30, 100]) {
      for (const cost of [0, 0.1, 1, 2.5, 6]) {
        for (const prepaid of [true, false]) {
          const i = {
            ...base,
            prepaid,
            usedBytes: 90,
            quotaBytes: 100,
            balanceMicros: balance * M,
            dailyCostMicros: cost * M,
          };
          expect(severities(i)).toBe(levels(i));
        }
      }
    }
    const at = (balance: number) =>
      severities({ ...base, balanceMicros: balance * M, dailyCostMicros: 0.1 * M });
    expect(at(50)).toBe(at(40));
    expect(at(5)).not.toBe(at(4.99));
  });
});
