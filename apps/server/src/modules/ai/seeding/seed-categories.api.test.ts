import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { DOMAINS, FACETS } from './vocabulary';

let t: TestApp;
let su: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  su = await createTestUser(t.app, { role: 'superadmin' });
  admin = await createTestUser(t.app, { role: 'admin' });
});
afterAll(async () => t?.close());

describe('GET /api/ai/seed/categories', () => {
  it('lists the seed’s 30 domains and 28 facets: 58 categories', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ai/seed/categories', headers: su.headers });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.totalCategories).toBe(58);
    expect(data.domains.map((d: { domain: string }) => d.domain)).toEqual(DOMAINS.map((d) => d.domain));
    expect(data.domains[0].topics).toHaveLength(12);
    expect(data.facets).toEqual([...FACETS]);
  });

  it('is the superadmin’s alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ai/seed/categories', headers: admin.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Authentication required for database access');
  });
});
