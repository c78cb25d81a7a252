import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDbKind } from '../../../test/test-app';

describe('system endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports health with the database status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'ok', driver: testDbKind } });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('serves the plan catalogue of DECISIONS.md section 2 in cents', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/plans' });
    expect(res.statusCode).toBe(200);
    const { plans } = res.json();
    expect(plans.map((p: { id: string; price: number }) => [p.id, p.price])).toEqual([
      ['free', 0],
      ['basic', 999],
      ['pro', 1999],
      ['enterprise', 4999],
    ]);
    const pro = plans.find((p: { id: string }) => p.id === 'pro');
    expect(pro).toMatchObject({ popular: true, storageBytes: 100 * 1024 ** 3, aiQueriesPerMonth: 10000 });
    expect(plans.find((p: { id: string }) => p.id === 'enterprise')).toMatchObject({
      storageBytes: null,
      aiQueriesPerMonth: null,
    });
    // A plan names only what it gives: nothing here collaborates in teams or builds integrations,
    // and file management is the same on every plan.
    const features = plans.flatMap((p: { features: string[] }) => p.features).join('\n');
    expect(features).not.toMatch(/collaboration|integrations|enterprise features|advanced file/i);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('publishes the OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/payments/plans');
  });

  it("gives API replies the REST set of security headers: nothing renders, frames or caches them", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    // An error reply too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('lets a route that may be cached say so over the API default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it("gives pages (the OpenAPI browser, the web app) Helmet's set with the app's policy", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-dns-prefetch-control']).toBe('off');
  });
});
