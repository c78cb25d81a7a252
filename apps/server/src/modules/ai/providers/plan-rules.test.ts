import { describe, expect, it } from 'vitest';
import type { AiRequest } from './ai-request';
import { allowedAttempts, modelAllowed, OPEN_RULES, type RoutingRules } from './plan-rules';
import type { Candidate } from './provider-registry';

const candidate = (id: Candidate['id'], availableModels: string[] = []): Candidate => ({
  id,
  connection: { baseUrl: 'http://127.0.0.1:1' },
  source: 'platform',
  lastResponseTime: null,
  availableModels,
  cooldownKey: `${id}:platform`,
});
const req = (extra: Partial<AiRequest> = {}): AiRequest => ({
  userId: 'u',
  prompt: 'hi',
  operation: 'chat',
  ...extra,
});
const rules = (allowedModels: string[] | null): RoutingRules => ({
  ...OPEN_RULES,
  planName: 'Free',
  allowedModels,
});

describe('modelAllowed', () => {
  it('treats a null list as every model and :latest as the bare name', () => {
    expect(modelAllowed(null, 'anything')).toBe(true);
    expect(modelAllowed(['llama3.2'], 'llama3.2:latest')).toBe(true);
    expect(modelAllowed(['llama3.2:latest'], 'LLAMA3.2')).toBe(true);
    expect(modelAllowed(['llama3.2'], 'llama3.2:3b')).toBe(false);
  });
});

describe('allowedAttempts', () => {
  const order = [
    candidate('openai'),
    candidate('anthropic'),
    candidate('ollama', ['llama3.2:latest', 'llama3.2:3b']),
  ];

  it('keeps every provider with its usual model when all models are allowed', () => {
    expect(allowedAttempts(order, req(), rules(null), false).map((a) => [a.c.id, a.model])).toEqual([
      ['openai', 'gpt-3.5-turbo'],
      ['anthropic', 'claude-3-haiku-20240307'],
      ['ollama', 'llama3.2'],
    ]);
  });

  it('asks a provider for an allowed model it has and leaves out those with none', () => {
    const got = allowedAttempts(order, req(), rules(['gpt-4', 'llama3.2:3b']), false);
    expect(got.map((a) => [a.c.id, a.model])).toEqual([
      ['openai', 'gpt-4'],
      ['ollama', 'llama3.2:3b'],
    ]);
  });

  it('refuses a named model the plan does not allow, unless the caller is exempt', () => {
    expect(() => allowedAttempts(order, req({ model: 'gpt-4' }), rules(['llama3.2']), false)).toThrow(
      expect.objectContaining({ statusCode: 403, code: 'AI_MODEL_NOT_ALLOWED' }),
    );
    expect(allowedAttempts(order, req({ model: 'gpt-4' }), rules(['llama3.2']), true)[0]?.model).toBe(
      'gpt-4',
    );
  });

  it('says no model is allowed when no provider has one', () => {
    expect(() => allowedAttempts(order, req(), rules(['retired-model']), false)).toThrow(
      expect.objectContaining({ statusCode: 403, code: 'AI_NO_MODEL_ALLOWED' }),
    );
    // No candidates at all is the router's 503, not a policy refusal.
    expect(allowedAttempts([], req(), rules(['retired-model']), false)).toEqual([]);
  });
});
