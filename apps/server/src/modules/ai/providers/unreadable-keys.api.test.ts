import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiServicesFor } from './ai-services';
import { SecretBox } from './secret-box';
import { KEY_NEEDS_REENTRY } from './user-keys.service';

/** Keys sealed under another ENCRYPTION_KEY: what a replaced secrets.json leaves behind. */
const foreign = new SecretBox(randomBytes(32).toString('hex'));

let standins: AiStandins;
let t: TestApp;
let user: TestUser;
let root: TestUser;
let warn: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  standins = await AiStandins.start();
  const env = standins.env();
  for (const name of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY'])
    delete (env as Record<string, string | undefined>)[name];
  t = await createTestApp(env);
  user = await createTestUser(t.app);
  root = await createTestUser(t.app, { role: 'superadmin' });
  const repo = aiServicesFor(t.app.ctx).repo;
  await repo.saveUserKey({
    userId: user.user.id,
    providerId: 'openai',
    apiKeyEnc: foreign.seal('sk-user-old-key-1234'),
    maskedKey: 'sk-…1234',
    status: 'available',
    error: null,
    checkedAt: new Date(),
  });
  await repo.saveSettings('anthropic', { apiKeyEnc: foreign.seal('sk-ant-platform-old-5678') });
  warn = vi.spyOn(t.app.ctx.log, 'warn');
});
afterAll(async () => {
  await t?.close();
  await standins?.close();
});
beforeEach(() => standins.reset());

const inject = (method: 'GET' | 'PUT', url: string, who: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, payload });
const warningsAbout = (provider: string) =>
  warn.mock.calls.filter((call: unknown[]) => (call[0] as { provider?: string }).provider === provider);

describe('stored keys that can no longer be decrypted', () => {
  it('show as needing re-entry to their owner, on every list, and are logged once', async () => {
    for (let i = 0; i < 3; i++) {
      const keys = await inject('GET', '/api/ai/keys', user);
      expect(keys.statusCode).toBe(200);
      expect(keys.json().data.keys).toEqual([
        expect.objectContaining({ provider: 'openai', maskedKey: 'sk-…1234', needsReentry: true }),
      ]);
      const providers = await inject('GET', '/api/ai/providers', user);
      expect(providers.json().data.providers.find((p: { id: string }) => p.id === 'openai')).toMatchObject({
        status: 'error',
        error: KEY_NEEDS_REENTRY,
      });
    }
    expect(warningsAbout('openai')).toHaveLength(1);
    expect(warningsAbout('openai')[0]?.[0]).toEqual({ provider: 'openai', userId: user.user.id });
  });

  it("show as needing re-entry in the superadmin's platform settings, without a 500, logged once", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await inject('GET', '/api/ai/providers/settings', root);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.settings.find((s: { id: string }) => s.id === 'anthropic')).toEqual({
        id: 'anthropic',
        enabled: true,
        apiKey: null,
        needsReentry: true,
        baseUrl: null,
      });
      await inject('GET', '/api/ai/providers', user);
    }
    expect(warningsAbout('anthropic')).toHaveLength(1);
  });

  it('are never used for a call, and entering them again clears the state', async () => {
    await aiServicesFor(t.app.ctx).registry.checkAll();
    const r = await aiServicesFor(t.app.ctx).router.generate({
      userId: user.user.id,
      prompt: 'hello',
      operation: 'chat',
    });
    expect(['openai', 'anthropic']).not.toContain(r.provider);

    const saved = await inject('PUT', '/api/ai/keys/openai', user, { apiKey: 'sk-user-new-key-9999' });
    expect(saved.json().data.key).toMatchObject({ needsReentry: false, status: 'available' });
    const platform = await inject('PUT', '/api/ai/providers/anthropic/settings', root, {
      apiKey: 'sk-ant-platform-new-4321',
    });
    expect(platform.json().data.settings).toMatchObject({ apiKey: 'sk-…4321', needsReentry: false });
    const settings = (await inject('GET', '/api/ai/providers/settings', root)).json().data.settings;
    expect(settings.find((s: { id: string }) => s.id === 'anthropic').needsReentry).toBe(false);
  });
});
