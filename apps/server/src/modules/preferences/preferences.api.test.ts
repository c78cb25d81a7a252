import {
  DEFAULT_PREFERENCES,
  preferencesReplySchema,
} from '@stratos/contracts/preferences/preferences.schema';
import { THEME_MESSAGES } from '@stratos/contracts/preferences/theme';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { PreferencesRepository } from './preferences.repository';

describe('user preferences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (u: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/user-preferences', headers: u.headers });
  const put = (u: TestUser, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user-preferences',
      headers: u.headers,
      payload: payload as object,
    });

  it('gives a new user the full defaults', async () => {
    const u = await createTestUser(t.app);
    const res = await get(u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: DEFAULT_PREFERENCES });
  });

  it('merges a partial PUT into nested objects field by field', async () => {
    const u = await createTestUser(t.app);
    const first = await put(u, { theme: 'dark', notification_settings: { push: true } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      updated_fields: ['theme', 'notification_settings', 'dark_mode'],
      data: {
        theme: 'dark',
        dark_mode: true,
        notification_settings: { ...DEFAULT_PREFERENCES.notification_settings, push: true },
      },
    });

    const second = await put(u, {
      notification_settings: { weekly_reports: true },
      sidebar: { favorites: ['/a'] },
    });
    expect(second.json().updated_fields).toEqual(['notification_settings', 'sidebar']);

    const data = (await get(u)).json().data;
    expect(data.theme).toBe('dark');
    expect(data.notification_settings).toEqual({
      ...DEFAULT_PREFERENCES.notification_settings,
      push: true,
      weekly_reports: true,
    });
    expect(data.sidebar).toEqual({ expanded: true, favorites: ['/a'] });
    expect(data.viewMode).toBe('grid');
  });

  it('lists only the fields whose value changed', async () => {
    const u = await createTestUser(t.app);
    await put(u, { theme: 'dark' });
    const res = await put(u, { theme: 'dark', viewMode: 'list', fileSort: { direction: 'asc' } });
    expect(res.json().updated_fields).toEqual(['viewMode']);
  });

  it('keeps preferences per user', async () => {
    const a = await createTestUser(t.app);
    const b = await createTestUser(t.app);
    await put(a, { language: 'fr' });
    expect((await get(b)).json().data.language).toBe('en');
  });

  it.each([
    ['an unknown top-level field', { colour: 'red' }],
    ['an unknown nested field', { notification_settings: { sms: true } }],
    ['a wrong type', { dark_mode: 'yes' }],
    ['a wrong nested type', { ui: { items_per_page: 'many' } }],
    ['an out-of-range value', { ui: { items_per_page: 5000 } }],
    ['a value outside the enum', { theme: 'purple' }],
    ['an empty body', {}],
  ])('refuses %s with 400 and stores nothing', async (_label, payload) => {
    const u = await createTestUser(t.app);
    const res = await put(u, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect((await get(u)).json().data).toEqual(DEFAULT_PREFERENCES);
  });

  it('keeps theme and dark_mode one value, whichever of them a PUT sets', async () => {
    const u = await createTestUser(t.app);
    const theme = async () => {
      const { theme, dark_mode } = (await get(u)).json().data;
      return { theme, dark_mode };
    };
    // The header's toggle sends theme alone: dark_mode follows.
    expect((await put(u, { theme: 'dark' })).json().data).toMatchObject({ theme: 'dark', dark_mode: true });
    expect(await theme()).toEqual({ theme: 'dark', dark_mode: true });
    // A client of the specification may send dark_mode alone: theme follows.
    const off = await put(u, { dark_mode: false });
    expect(off.json()).toMatchObject({
      updated_fields: ['dark_mode', 'theme'],
      data: { theme: 'light', dark_mode: false },
    });
    expect(await theme()).toEqual({ theme: 'light', dark_mode: false });
    expect((await put(u, { dark_mode: true })).statusCode).toBe(200);
    expect(await theme()).toEqual({ theme: 'dark', dark_mode: true });
    // System is not dark by itself.
    expect((await put(u, { theme: 'system' })).statusCode).toBe(200);
    expect(await theme()).toEqual({ theme: 'system', dark_mode: false });
    expect((await put(u, { theme: 'dark', dark_mode: true })).statusCode).toBe(200);
    expect(await theme()).toEqual({ theme: 'dark', dark_mode: true });
  });

  it.each([
    { theme: 'dark', dark_mode: false },
    { theme: 'light', dark_mode: true },
    { theme: 'system', dark_mode: true },
  ] as const)('refuses a PUT whose theme and dark_mode disagree (%o) and stores nothing', async (payload) => {
    const u = await createTestUser(t.app);
    await put(u, { theme: 'light' });
    const res = await put(u, { ...payload, language: 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'VALIDATION_ERROR', message: THEME_MESSAGES.conflict },
    });
    expect((await get(u)).json().data).toMatchObject({ theme: 'light', dark_mode: false, language: 'en' });
  });

  it('reads a row written before the rule as one theme', async () => {
    const u = await createTestUser(t.app);
    const repo = new PreferencesRepository(t.app.ctx.database.db);
    // What the old header toggle left behind: theme dark beside dark_mode false.
    await repo.merge(u.user.id, { theme: 'dark', dark_mode: false });
    expect((await get(u)).json().data).toMatchObject({ theme: 'dark', dark_mode: true });
    const other = await createTestUser(t.app);
    await repo.merge(other.user.id, { dark_mode: true });
    expect((await get(other)).json().data).toMatchObject({ theme: 'dark', dark_mode: true });
  });

  it('answers a reply the contract accepts whatever an older version stored', async () => {
    const u = await createTestUser(t.app);
    // Written past the PUT's validation, as a row from before a contract change would be.
    await new PreferencesRepository(t.app.ctx.database.db).merge(u.user.id, {
      viewMode: 'carousel',
      legacy: true,
      ui: { items_per_page: 20, zoom: 2 },
      ai: { model: 7, enabled: false },
    });
    const body = (await get(u)).json();
    expect(preferencesReplySchema.strict().parse(body)).toEqual(body);
    expect(body.data).toEqual({
      ...DEFAULT_PREFERENCES,
      ui: { ...DEFAULT_PREFERENCES.ui, items_per_page: 20 },
      ai: { ...DEFAULT_PREFERENCES.ai, enabled: false },
    });
  });

  it('resets to the defaults', async () => {
    const u = await createTestUser(t.app);
    await put(u, { theme: 'dark', ai: { enabled: false } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user-preferences/reset',
      headers: u.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await get(u)).json().data).toEqual(DEFAULT_PREFERENCES);
    expect(DEFAULT_PREFERENCES).toMatchObject({ theme: 'system', dark_mode: false });
  });

  it('keeps both of two concurrent PUTs of different fields', async () => {
    const u = await createTestUser(t.app);
    for (let round = 0; round < 5; round++) {
      const push = round % 2 === 0;
      const [a, b, c] = await Promise.all([
        put(u, { notification_settings: { push } }),
        put(u, { notification_settings: { weekly_reports: push } }),
        put(u, { language: push ? 'de' : 'fr' }),
      ]);
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
      const data = (await get(u)).json().data;
      expect(data.notification_settings).toMatchObject({ push, weekly_reports: push, email: true });
      expect(data.language).toBe(push ? 'de' : 'fr');
    }
  });

  it.each([
    ['GET', '/api/user-preferences'],
    ['PUT', '/api/user-preferences'],
    ['POST', '/api/user-preferences/reset'],
  ] as const)('refuses %s %s without a token', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      payload: method === 'PUT' ? { theme: 'dark' } : undefined,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' },
    });
  });

  it('refuses a forged token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user-preferences',
      headers: { authorization: 'Bearer a.b.c' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('INVALID_SESSION');
  });
});
