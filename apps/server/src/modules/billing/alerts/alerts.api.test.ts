import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, makePrepaid, storageEventAt, transferAt } from '../../../../test/billing.fixture';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser, tokenFor } from '../../../../test/users.fixture';
import { alerts, notifications } from '../../../db/schema/index';
import { CHECK_ALERTS_JOB } from './alerts.job';
import { alertsServiceFor } from './alerts.service';

const GB = 1024 ** 3;
const HOUR = 60 * 60 * 1000;

describe('cost and usage alerts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const service = () => alertsServiceFor(t.app.ctx);
  const get = (u: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: u.headers });
  const post = (u: TestUser, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: u.headers, payload });
  const types = (list: { type: string; severity: string }[]) =>
    list.map((a) => `${a.type}:${a.severity}`).sort();
  const criticalNotices = async (userId: string) =>
    (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter(
      (n) => n.kind === 'alert' && n.severity === 'critical',
    );
  async function prepaidWith(credits: number): Promise<TestUser> {
    const u = await createTestUser(t.app);
    await makePrepaid(t.app, u.user.id);
    if (credits > 0) await fund(t.app, u.user.id, credits);
    return u;
  }

  it('GET /api/alerts: checks a user never checked, lists active alerts most severe first', async () => {
    const u = await prepaidWith(0);
    // 150 GB stored costs $1 a day; 30 GB sent in 30 days adds $0.10 a day.
    await storageEventAt(t.app, u.user.id, 150 * GB, new Date(t.clock.now().getTime() - 48 * HOUR));
    await transferAt(t.app, u.user.id, 30 * GB, new Date(t.clock.now().getTime() - 2 * HOUR));
    const res = await get(u, '/api/alerts');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.urgency).toBe('critical');
    expect(body.checkedAt).not.toBeNull();
    expect(types(body.alerts)).toEqual([
      'credit_balance:critical',
      'credit_duration:critical',
      'projected_shortfall:critical',
    ]);
    // A capped limit: the most severe first, urgency still of them all.
    const one = (await get(u, '/api/alerts?limit=1')).json();
    expect(one.alerts).toEqual([body.alerts[0]]);
    expect(one.urgency).toBe('critical');
    expect((await get(u, '/api/alerts?limit=101')).statusCode).toBe(400);
    const shortfall = body.alerts.find((a: { type: string }) => a.type === 'projected_shortfall');
    expect(shortfall).toMatchObject({
      dismissible: true,
      resolvedAt: null,
      dismissedUntil: null,
      details: { projectedCost: 33, shortfall: 33, suggestedTopUp: 35, balance: 0 },
    });
    // One notification per new critical alert.
    expect(await criticalNotices(u.user.id)).toHaveLength(3);
    const notice = (await get(u, '/api/notifications')).json().notifications[0];
    expect(notice).toMatchObject({ kind: 'alert', severity: 'critical', link: '/alerts' });
    // Checking again changes nothing and notifies no more.
    expect(await service().check(u.user.id)).toEqual({ created: 0, updated: 0, resolved: 0 });
    expect(await criticalNotices(u.user.id)).toHaveLength(3);

    // A top-up clears the balance and duration alerts and softens the shortfall (33 - 30 = 3 < 15).
    await fund(t.app, u.user.id, 30);
    expect(await service().check(u.user.id)).toEqual({ created: 0, updated: 1, resolved: 2 });
    const after = (await get(u, '/api/alerts')).json();
    expect(after.urgency).toBe('warning');
    expect(types(after.alerts)).toEqual(['projected_shortfall:warning']);
    expect(after.alerts[0].details).toMatchObject({ shortfall: 3, suggestedTopUp: 5 });
    const history = (await get(u, '/api/alerts/history')).json().alerts;
    expect(history).toHaveLength(3);
    expect(history.filter((a: { resolvedAt: string | null }) => a.resolvedAt !== null)).toHaveLength(2);
  });

  it('a charge that moves an alert checks at once; a new critical alert records a notification', async () => {
    const u = await prepaidWith(10);
    expect((await get(u, '/api/alerts')).json().alerts).toEqual([]);
    const deduct = (amount: number) =>
      post(u, '/api/billing/credits/deduct', { userId: u.user.id, amount, description: 'AI' });
    // 10 -> 6: nothing moves, so nothing is checked.
    await deduct(4);
    expect((await get(u, '/api/alerts/history')).json().alerts).toEqual([]);
    // 6 -> 4: below 5.
    await deduct(2);
    expect(types((await get(u, '/api/alerts/history')).json().alerts)).toEqual(['credit_balance:warning']);
    expect(await criticalNotices(u.user.id)).toHaveLength(0);
    // 4 -> 0.5: below 1, the same alert escalates.
    await deduct(3.5);
    const history = (await get(u, '/api/alerts/history')).json().alerts;
    expect(types(history)).toEqual(['credit_balance:critical']);
    expect(history[0].message).toContain('0.50 credits');
    expect(await criticalNotices(u.user.id)).toHaveLength(1);
  });

  it('an account checked before it became prepaid gets its credit alert on the first large charge', async () => {
    const u = await createTestUser(t.app);
    // Checked while free: no credit alerts apply, and that reading is remembered.
    expect((await get(u, '/api/alerts')).json().alerts).toEqual([]);
    await makePrepaid(t.app, u.user.id);
    await fund(t.app, u.user.id, 20);
    await post(u, '/api/billing/credits/deduct', { userId: u.user.id, amount: 19.5, description: 'AI' });
    expect(types((await get(u, '/api/alerts/history')).json().alerts)).toEqual(['credit_balance:critical']);
  });

  it('storage_usage against the plan quota: 0.8 warning, 0.95 critical, resolved when it clears', async () => {
    const u = await createTestUser(t.app); // free: 5 GB
    const at = new Date(t.clock.now().getTime() - HOUR);
    await storageEventAt(t.app, u.user.id, 4 * GB - 1, at);
    expect(await service().check(u.user.id)).toEqual({ created: 0, updated: 0, resolved: 0 });
    await storageEventAt(t.app, u.user.id, 1, at); // exactly 0.8
    await service().check(u.user.id);
    expect(types((await get(u, '/api/alerts')).json().alerts)).toEqual(['storage_usage:warning']);
    await storageEventAt(t.app, u.user.id, 0.75 * GB, at); // 4.75 of 5 = 0.95
    await service().check(u.user.id);
    expect(types((await get(u, '/api/alerts')).json().alerts)).toEqual(['storage_usage:critical']);
    expect(await criticalNotices(u.user.id)).toHaveLength(1);
    await storageEventAt(t.app, u.user.id, -2 * GB, at);
    expect(await service().check(u.user.id)).toMatchObject({ resolved: 1 });
    expect((await get(u, '/api/alerts')).json()).toMatchObject({ alerts: [], urgency: 'normal' });
    expect((await get(u, '/api/alerts/history')).json().alerts[0].resolvedAt).not.toBeNull();
  });

  it('POST /api/alerts/:id/dismiss hides an alert for 24 hours; an escalation shows it again', async () => {
    let u = await prepaidWith(3);
    /** Access tokens follow the clock: a fresh one after moving it. */
    const advance = async (ms: number) => {
      t.clock.advance(ms);
      u = { ...u, headers: { authorization: `Bearer ${await tokenFor(t.app, u.user)}` } };
    };
    const other = await createTestUser(t.app);
    const [alert] = (await get(u, '/api/alerts')).json().alerts;
    expect(alert).toMatchObject({ type: 'credit_balance', severity: 'warning' });

    expect((await post(other, `/api/alerts/${alert.id}/dismiss`)).statusCode).toBe(404);
    expect((await post(u, `/api/alerts/${randomUUID()}/dismiss`)).statusCode).toBe(404);
    expect((await post(u, '/api/alerts/nope/dismiss')).statusCode).toBe(400);

    const dismissed = await post(u, `/api/alerts/${alert.id}/dismiss`);
    expect(dismissed.statusCode).toBe(200);
    const until = dismissed.json().dismissedUntil;
    expect(Date.parse(until) - t.clock.now().getTime()).toBeGreaterThan(24 * HOUR - 60_000);
    expect((await get(u, '/api/alerts')).json().alerts).toEqual([]);
    await advance(24 * HOUR - 60_000);
    expect((await get(u, '/api/alerts')).json().alerts).toEqual([]);
    await advance(60_000);
    expect((await get(u, '/api/alerts')).json().alerts.map((a: { id: string }) => a.id)).toEqual([alert.id]);

    await post(u, `/api/alerts/${alert.id}/dismiss`);
    await post(u, '/api/billing/credits/deduct', { userId: u.user.id, amount: 2.5, description: 'x' });
    const shown = (await get(u, '/api/alerts')).json().alerts;
    expect(shown).toMatchObject([{ id: alert.id, severity: 'critical', dismissedUntil: null }]);
  });

  it('keeps the latest 100 alerts per user', async () => {
    const u = await createTestUser(t.app);
    const old = Array.from({ length: 110 }, (_, i) => {
      const at = new Date(t.clock.now().getTime() - (200 - i) * HOUR);
      return {
        userId: u.user.id,
        type: 'storage_usage' as const,
        severity: 'warning' as const,
        title: `old ${i}`,
        message: 'm',
        createdAt: at,
        updatedAt: at,
        resolvedAt: at,
      };
    });
    await db().insert(alerts).values(old);
    await storageEventAt(t.app, u.user.id, Math.round(4.5 * GB), new Date(t.clock.now().getTime() - HOUR));
    expect(await service().check(u.user.id)).toMatchObject({ created: 1 });
    const rows = await db().select().from(alerts).where(eq(alerts.userId, u.user.id));
    expect(rows).toHaveLength(100);
    const history = (await get(u, '/api/alerts/history')).json().alerts;
    expect(history).toHaveLength(100);
    expect(history[0]).toMatchObject({ type: 'storage_usage', resolvedAt: null });
    expect(history[1].title).toBe('old 109');
    expect(history[99].title).toBe('old 11');
    const page = (await get(u, '/api/alerts/history?limit=2')).json().alerts;
    expect(page.map((a: { title: string }) => a.title)).toEqual([history[0].title, 'old 109']);
    expect((await get(u, '/api/alerts/history?limit=0')).statusCode).toBe(400);
  });

  it(`the ${CHECK_ALERTS_JOB} job checks prepaid accounts and resolves cleared alerts`, async () => {
    const poor = await prepaidWith(0.5);
    const full = await createTestUser(t.app);
    const at = new Date(t.clock.now().getTime() - HOUR);
    await storageEventAt(t.app, full.user.id, Math.round(4.9 * GB), at);
    expect(await t.app.ctx.jobs.runNow(CHECK_ALERTS_JOB)).toBe(true);
    expect(types((await get(poor, '/api/alerts/history')).json().alerts)).toEqual([
      'credit_balance:critical',
    ]);
    expect(types((await get(full, '/api/alerts/history')).json().alerts)).toEqual(['storage_usage:critical']);
    await storageEventAt(t.app, full.user.id, -Math.round(4.9 * GB), at);
    expect(await t.app.ctx.jobs.runNow(CHECK_ALERTS_JOB)).toBe(true);
    expect((await get(full, '/api/alerts/history')).json().alerts[0].resolvedAt).not.toBeNull();
  });
});
