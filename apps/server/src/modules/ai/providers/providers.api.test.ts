import { AI_PROVIDER_IDS } from '@stratos/contracts/ai/providers.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiProviderSettings, aiUserKeys } from '../../../db/schema/index';
import { aiServicesFor } from './ai-services';
import { CHECK_PROVIDERS_JOB } from './check-providers.job';

let standins: AiStandins;
let t: TestApp;
let user: TestUser;
let root: TestUser;

beforeAll(async () => {
  standins = await AiStandins.start();
  // No platform keys for OpenAI: a user's own key is the only way to it.
  const env = standins.env();
  delete (env as Record<string, string | undefined>).OPENAI_API_KEY;
  t = await createTestApp(env);
  user = await createTestUser(t.app);
  root = await createTestUser(t.app, { role: 'superadmin' });
});
afterAll(async () => {
  await t?.close();
  await standins?.close();
});
beforeEach(() => {
  standins.reset();
  aiServicesFor(t.app.ctx).registry.clearCooldowns();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: TestUser, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers, payload: payload as object });

describe('GET /api/ai/providers and POST /api/ai/providers/test', () => {
  it('needs a signed-in user', async () => {
    expect((await inject('GET', '/api/ai/providers')).statusCode).toBe(401);
    expect((await inject('POST', '/api/ai/providers/test')).statusCode).toBe(401);
  });

  it('lists the provider records, and checks them all on demand', async () => {
    const res = await inject('POST', '/api/ai/providers/test', user);
    expect(res.statusCode).toBe(200);
    const providers = res.json().data.providers as Array<Record<string, unknown>>;
    expect(providers.map((p) => p.id)).toEqual([...AI_PROVIDER_IDS]);
    const ollama = providers.find((p) => p.id === 'ollama');
    expect(ollama).toMatchObject({
      name: 'Ollama (local)',
      type: 'local',
      endpoint: standins.ollama.baseUrl,
      status: 'available',
      priority: 3,
      keySource: 'platform',
      availableModels: ['llama3.2:latest', 'llama3.2:3b'],
    });
    expect(ollama?.capabilities).toContain('chat');
    expect(providers.find((p) => p.id === 'openai')).toMatchObject({
      status: 'unavailable',
      keySource: 'none',
    });
    expect(standins.ollama.requests.map((r) => r.path)).toEqual(['/api/tags']);
    const list = await inject('GET', '/api/ai/providers', user);
    expect(list.json().data.providers.find((p: { id: string }) => p.id === 'anthropic').status).toBe(
      'available',
    );
  });
});

describe('checks asked for during a run', () => {
  it('run once more after it, so what changed meanwhile is seen', async () => {
    const registry = aiServicesFor(t.app.ctx).registry;
    const ollamaStatus = async () =>
      (await inject('GET', '/api/ai/providers', user))
        .json()
        .data.providers.find((p: { id: string }) => p.id === 'ollama').status;
    standins.ollama.set({ health: 'stall' });
    const seen = standins.ollama.requests.length;
    const first = registry.checkAll();
    // The first run has asked Ollama (and waits for its timeout); Ollama comes back meanwhile.
    await expect.poll(() => standins.ollama.requests.length > seen).toBe(true);
    standins.ollama.set({ health: 'ok' });
    const second = registry.checkAll();
    await first;
    await second;
    expect(await ollamaStatus()).toBe('available');
  });
});

describe('per-user keys', () => {
  it('stores a key encrypted, shows it masked, checks it and routes the user with it', async () => {
    const put = await inject('PUT', '/api/ai/keys/openai', user, { apiKey: 'sk-user-own-key-abcd9876' });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.key).toMatchObject({
      provider: 'openai',
      maskedKey: 'sk-…9876',
      status: 'available',
    });
    expect(put.body).not.toContain('sk-user-own-key');
    // Checked with the user's key against the platform's endpoint.
    expect(standins.openai.requests[0]?.headers.authorization).toBe('Bearer sk-user-own-key-abcd9876');

    const [row] = await t.app.ctx.database.db
      .select()
      .from(aiUserKeys)
      .where(eq(aiUserKeys.userId, user.user.id));
    expect(row?.apiKeyEnc).not.toContain('sk-user-own-key');
    expect(row?.apiKeyEnc.startsWith('v1.')).toBe(true);

    const list = await inject('GET', '/api/ai/keys', user);
    expect(list.json().data.keys).toEqual([
      expect.objectContaining({ provider: 'openai', maskedKey: 'sk-…9876' }),
    ]);
    expect(list.body).not.toContain('sk-user-own-key');

    const providers = (await inject('GET', '/api/ai/providers', user)).json().data.providers;
    expect(providers.find((p: { id: string }) => p.id === 'openai')).toMatchObject({
      status: 'available',
      keySource: 'user',
    });
    // Another user does not see or use it.
    const other = await createTestUser(t.app);
    expect((await inject('GET', '/api/ai/keys', other)).json().data.keys).toEqual([]);

    const r = await aiServicesFor(t.app.ctx).router.generate({
      userId: user.user.id,
      prompt: 'hello',
      provider: 'openai',
      operation: 'chat',
    });
    expect(r.provider).toBe('openai');
    expect(standins.openai.generations.at(-1)?.headers.authorization).toBe('Bearer sk-user-own-key-abcd9876');

    expect((await inject('DELETE', '/api/ai/keys/openai', user)).statusCode).toBe(200);
    expect((await inject('DELETE', '/api/ai/keys/openai', user)).statusCode).toBe(404);
  });

  it('records a refused key as error and never routes with it', async () => {
    const put = await inject('PUT', '/api/ai/keys/google', user, { apiKey: 'g-bad-key-000000' });
    expect(put.json().data.key).toMatchObject({ status: 'error', maskedKey: 'g-b…0000' });
    await inject('DELETE', '/api/ai/keys/google', user);
  });

  it('refuses a provider that takes no key and a base URL from a user', async () => {
    expect((await inject('PUT', '/api/ai/keys/ollama', user, { apiKey: 'whatever-123' })).statusCode).toBe(
      400,
    );
    const res = await inject('PUT', '/api/ai/keys/openai', user, {
      apiKey: 'sk-12345678',
      baseUrl: 'https://x.example',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('platform settings (superadmin)', () => {
  it('is refused to anyone else', async () => {
    const res = await inject('PUT', '/api/ai/providers/openai/settings', user, {
      baseUrl: 'https://93.184.216.34/v1',
    });
    expect(res.statusCode).toBe(403);
    const admin = await createTestUser(t.app, { role: 'admin' });
    expect(
      (await inject('PUT', '/api/ai/providers/openai/settings', admin, { enabled: false })).statusCode,
    ).toBe(403);
  });

  it('refuses a base URL on a private, loopback or link-local address unless it is the Ollama host', async () => {
    for (const baseUrl of [
      'http://127.0.0.1:9/v1',
      'http://169.254.169.254/',
      'http://10.0.0.1/v1',
      'http://localhost:8080',
    ]) {
      const res = await inject('PUT', '/api/ai/providers/openai/settings', root, { baseUrl });
      expect(res.statusCode, baseUrl).toBe(400);
      expect(res.json().error.code).toBe('AI_BASE_URL_PRIVATE');
    }
    const ok = await inject('PUT', '/api/ai/providers/ollama/settings', root, {
      baseUrl: standins.ollama.baseUrl,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.provider).toMatchObject({ id: 'ollama', status: 'available' });
  });

  it('stores a platform key encrypted, answers it masked, and can switch a provider off', async () => {
    const res = await inject('PUT', '/api/ai/providers/openai/settings', root, {
      apiKey: 'sk-platform-set-by-root-4321',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.settings).toMatchObject({ id: 'openai', apiKey: 'sk-…4321', enabled: true });
    expect(res.json().data.provider).toMatchObject({ status: 'available', keySource: 'platform' });
    expect(res.body).not.toContain('sk-platform-set-by-root');
    const [row] = await t.app.ctx.database.db
      .select()
      .from(aiProviderSettings)
      .where(eq(aiProviderSettings.providerId, 'openai'));
    expect(row?.apiKeyEnc).not.toContain('sk-platform-set-by-root');

    const off = await inject('PUT', '/api/ai/providers/openai/settings', root, { enabled: false });
    expect(off.json().data.provider).toMatchObject({ status: 'unavailable', enabled: false });
    const r = await aiServicesFor(t.app.ctx).router.generate({
      userId: user.user.id,
      prompt: 'hello',
      provider: 'openai',
      operation: 'chat',
    });
    expect(r.provider).not.toBe('openai');
    await inject('PUT', '/api/ai/providers/openai/settings', root, { enabled: true, apiKey: null });
  });
});

describe('GET /api/ai/providers/settings (superadmin)', () => {
  const settingsOf = async (id: string) => {
    const res = await inject('GET', '/api/ai/providers/settings', root);
    expect(res.statusCode).toBe(200);
    return { body: res.body, row: res.json().data.settings.find((s: { id: string }) => s.id === id) };
  };

  it('needs a signed-in superadmin', async () => {
    expect((await inject('GET', '/api/ai/providers/settings')).statusCode).toBe(401);
    expect((await inject('GET', '/api/ai/providers/settings', user)).statusCode).toBe(403);
    const admin = await createTestUser(t.app, { role: 'admin' });
    const res = await inject('GET', '/api/ai/providers/settings', admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().success).toBe(false);
  });

  it('lists every provider, reflects a PUT with the key masked and the base URL, and a clear', async () => {
    const before = (await inject('GET', '/api/ai/providers/settings', root)).json().data.settings;
    expect(before.map((s: { id: string }) => s.id)).toEqual([...AI_PROVIDER_IDS]);

    const put = await inject('PUT', '/api/ai/providers/google/settings', root, {
      apiKey: 'gk-platform-secret-key-9876',
      baseUrl: 'https://93.184.216.34/v1beta',
      enabled: false,
    });
    expect(put.statusCode).toBe(200);
    const after = await settingsOf('google');
    expect(after.row).toEqual({
      id: 'google',
      enabled: false,
      apiKey: 'gk-…9876',
      needsReentry: false,
      baseUrl: 'https://93.184.216.34/v1beta',
    });
    expect(after.body).not.toContain('gk-platform-secret-key');
    expect(after.body).not.toContain('secret-key-9876');

    await inject('PUT', '/api/ai/providers/google/settings', root, {
      apiKey: null,
      baseUrl: null,
      enabled: true,
    });
    expect((await settingsOf('google')).row).toEqual({
      id: 'google',
      enabled: true,
      apiKey: null,
      needsReentry: false,
      baseUrl: null,
    });
  });
});

describe('stored base URLs', () => {
  it('are checked again by each health check: one now on a private address is not used', async () => {
    const svc = aiServicesFor(t.app.ctx);
    // As if a public name had since come to resolve to a loopback address.
    await svc.repo.saveSettings('anthropic', { baseUrl: 'http://127.0.0.1:9/v1' });
    await svc.registry.checkAll();
    const providers = (await inject('GET', '/api/ai/providers', user)).json().data.providers;
    expect(providers.find((p: { id: string }) => p.id === 'anthropic')).toMatchObject({
      status: 'error',
      error: expect.stringContaining('private, loopback or link-local'),
    });
    await svc.repo.saveSettings('anthropic', { baseUrl: null });
    await svc.registry.checkAll();
  });
});

describe('health job and API document', () => {
  it('checks the providers from the 5-minute job', async () => {
    expect(t.app.ctx.jobs.names()).toContain(CHECK_PROVIDERS_JOB);
    standins.huggingface.set({ health: 'fail' });
    expect(await t.app.ctx.jobs.runNow(CHECK_PROVIDERS_JOB)).toBe(true);
    const providers = (await inject('GET', '/api/ai/providers', user)).json().data.providers;
    expect(providers.find((p: { id: string }) => p.id === 'huggingface').status).toBe('error');
    expect(standins.huggingface.requests.map((r) => r.path)).toEqual(['/v1/models']);
  });

  it('publishes the provider routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/ai/providers',
        '/api/ai/providers/test',
        '/api/ai/providers/settings',
        '/api/ai/keys',
        '/api/ai/keys/{provider}',
      ]),
    );
  });
});
