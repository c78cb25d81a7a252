import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';

describe('GET /api/folders (the whole folder tree)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const mkdir = async (who: TestUser, name: string, parentId: string | null = null) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: who.headers,
      payload: { name, parentId },
    });
    expect(res.statusCode).toBe(201);
    return res.json().folder.id as string;
  };

  it("answers every live folder of the user at any depth, not binned ones nor other users'", async () => {
    const user = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const inbox = await mkdir(user, 'Inbox');
    const invoices = await mkdir(user, 'invoices', inbox);
    const y2026 = await mkdir(user, '2026', invoices);
    const old = await mkdir(user, 'Old', null);
    await mkdir(user, 'Inside old', old);
    await mkdir(other, 'Not yours');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/folders/${old}`, headers: user.headers });
    expect(del.statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/folders', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.truncated).toBe(false);
    expect(body.folders.map((f: { name: string; parentId: string | null }) => [f.name, f.parentId])).toEqual([
      ['2026', invoices],
      ['Inbox', null],
      ['invoices', inbox],
    ]);
    expect(body.folders[0].id).toBe(y2026);

    expect((await t.app.inject({ method: 'GET', url: '/api/folders' })).statusCode).toBe(401);
  });
});
