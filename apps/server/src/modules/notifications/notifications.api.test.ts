import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { NotificationsService } from './notifications.service';

describe('notifications', () => {
  let t: TestApp;
  let service: NotificationsService;
  beforeAll(async () => {
    t = await createTestApp();
    service = new NotificationsService(t.app.ctx.database.db, t.clock);
  });
  afterAll(() => t.close());

  const call = (u: TestUser | null, method: 'GET' | 'POST', url: string, query?: Record<string, string>) =>
    t.app.inject({ method, url, query, headers: u?.headers ?? {} });

  const notice = (userId: string, title: string) =>
    service.record(undefined, {
      userId,
      kind: 'billing',
      severity: 'info',
      title,
      message: `${title} happened`,
      link: '/settings?tab=billing',
    });

  it('lists the caller’s notifications, newest first, with the unread count', async () => {
    const u = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    await notice(u.user.id, 'first');
    t.clock.advance(1000);
    await notice(u.user.id, 'second');
    await notice(other.user.id, 'not yours');

    const res = await call(u, 'GET', '/api/notifications');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unread).toBe(2);
    expect(body.notifications.map((n: { title: string }) => n.title)).toEqual(['second', 'first']);
    expect(body.notifications[0]).toMatchObject({
      kind: 'billing',
      severity: 'info',
      message: 'second happened',
      link: '/settings?tab=billing',
      readAt: null,
    });
    expect((await call(u, 'GET', '/api/notifications', { limit: '1' })).json().notifications).toHaveLength(1);
    expect((await call(u, 'GET', '/api/notifications', { limit: '0' })).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/notifications')).statusCode).toBe(401);
  });

  it('marks one read (only the caller’s own), then all', async () => {
    const u = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const a = await notice(u.user.id, 'a');
    await notice(u.user.id, 'b');
    await notice(u.user.id, 'c');

    const read = await call(u, 'POST', `/api/notifications/${a.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ success: true, unread: 2, notification: { id: a.id } });
    const firstRead = read.json().notification.readAt;
    expect(firstRead).not.toBeNull();
    t.clock.advance(5000);
    // Reading again keeps the first time.
    expect((await call(u, 'POST', `/api/notifications/${a.id}/read`)).json().notification.readAt).toBe(
      firstRead,
    );

    expect((await call(other, 'POST', `/api/notifications/${a.id}/read`)).statusCode).toBe(404);
    expect((await call(u, 'POST', '/api/notifications/not-a-uuid/read')).statusCode).toBe(400);
    expect((await call(u, 'POST', `/api/notifications/${crypto.randomUUID()}/read`)).statusCode).toBe(404);

    const unreadOnly = await call(u, 'GET', '/api/notifications', { unreadOnly: 'true' });
    expect(
      unreadOnly
        .json()
        .notifications.map((n: { title: string }) => n.title)
        .sort(),
    ).toEqual(['b', 'c']);

    const all = await call(u, 'POST', '/api/notifications/read-all');
    expect(all.json()).toEqual({ success: true, updated: 2, unread: 0 });
    expect((await call(u, 'GET', '/api/notifications')).json().unread).toBe(0);
    expect((await call(u, 'POST', '/api/notifications/read-all')).json().updated).toBe(0);
  });

  it('records inside the caller’s transaction: a rollback leaves no notification', async () => {
    const u = await createTestUser(t.app);
    await t.app.ctx.database.db
      .transaction(async (tx) => {
        await service.record(tx, {
          userId: u.user.id,
          kind: 'system',
          severity: 'warning',
          title: 'x',
          message: 'y',
          link: null,
        });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect((await call(u, 'GET', '/api/notifications')).json().notifications).toEqual([]);
  });
});
