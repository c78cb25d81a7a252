import type { AiCallableProvider } from '@stratos/contracts/ai/providers.schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser } from '../../../../test/users.fixture';
import { aiServicesFor } from './ai-services';

let standins: AiStandins;
let t: TestApp;

beforeAll(async () => {
  standins = await AiStandins.start();
  t = await createTestApp(standins.env());
});
afterAll(async () => {
  await t?.close();
  await standins?.close();
});

const ai = () => aiServicesFor(t.app.ctx);

describe('each adapter against its stand-in', () => {
  afterEach(() => standins.reset());

  it('checks every provider available and lists the models it reports', async () => {
    await ai().registry.checkAll();
    const { user } = await createTestUser(t.app);
    const records = await ai().providers.list(user.id);
    const byId = Object.fromEntries(records.map((r) => [r.id, r]));
    for (const id of ['ollama', 'openai', 'anthropic', 'google', 'huggingface']) {
      expect(byId[id]?.status, id).toBe('available');
    }
    expect(byId.assistant?.status).toBe('unavailable');
    expect(byId.ollama?.availableModels).toContain('llama3.2:latest');
    expect(byId.google?.availableModels).toContain('gemini-pro');
  });

  for (const provider of ['ollama', 'openai', 'anthropic', 'google', 'huggingface'] as AiCallableProvider[]) {
    it(`${provider}: generates and streams`, async () => {
      await ai().registry.checkAll();
      const { user } = await createTestUser(t.app);
      const whole = await ai().router.generate({
        userId: user.id,
        prompt: 'Say hello please',
        provider,
        operation: 'chat',
      });
      expect(whole.provider).toBe(provider);
      expect(whole.text).toContain(`${provider} stand-in`);
      expect(whole.usage.promptTokens).toBe(12);
      expect(whole.usage.completionTokens).toBe(8);
      const s = await ai().router.stream({
        userId: user.id,
        prompt: 'Say hello please',
        provider,
        operation: 'chat',
      });
      let text = '';
      let pieces = 0;
      for await (const piece of s.textStream) {
        text += piece;
        pieces++;
      }
      expect(text).toBe(standins.all[provider].behaviour.text);
      expect(pieces).toBeGreaterThan(1);
      const r = await s.result;
      expect(r.usage.completionTokens).toBe(8);
    });
  }

  it('asks providers with a JSON mode for JSON when the caller wants an object, and only then', async () => {
    await ai().registry.checkAll();
    const { user } = await createTestUser(t.app);
    const ask = (provider: AiCallableProvider, json: boolean) =>
      ai().router.generate({
        userId: user.id,
        prompt: 'Answer in JSON',
        provider,
        operation: 'analysis',
        json,
      });
    const lastBody = (p: AiCallableProvider) =>
      standins[p].generations.at(-1)?.body as Record<string, unknown>;
    await ask('ollama', true);
    expect(lastBody('ollama').format).toBe('json');
    await ask('openai', true);
    expect(lastBody('openai').response_format).toEqual({ type: 'json_object' });
    await ask('anthropic', true); // no JSON mode: the prompt alone asks
    expect(JSON.stringify(lastBody('anthropic'))).not.toContain('json_object');
    await ask('ollama', false);
    expect(lastBody('ollama').format).toBeUndefined();
  });
});
