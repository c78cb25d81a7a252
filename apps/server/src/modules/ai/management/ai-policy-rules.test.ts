import { describe, expect, it } from 'vitest';
import { AiPolicyRules, effectiveOrder, POLICY_TTL_MS } from './ai-policy-rules';

function setup() {
  let at = Date.UTC(2026, 0, 1);
  let reads = 0;
  const state = {
    plans: [{ planId: 'free', name: 'Free', allowedModels: ['gpt-4'] as string[] | null }],
    order: null as string[] | null,
  };
  const rules = new AiPolicyRules(
    {
      planRules: async () => {
        reads++;
        return state.plans.map((p) => ({ ...p }));
      },
      providerOrder: async () => state.order,
    },
    { now: () => new Date(at) },
  );
  return { rules, state, reads: () => reads, advance: (ms: number) => (at += ms) };
}

describe('effectiveOrder', () => {
  it('keeps the stored order, drops unknown providers and appends the missing ones', () => {
    expect(effectiveOrder(null)).toEqual(['openai', 'anthropic', 'ollama', 'huggingface', 'google']);
    expect(effectiveOrder(['ollama', 'nope', 'openai'])).toEqual([
      'ollama',
      'openai',
      'anthropic',
      'huggingface',
      'google',
    ]);
  });
});

describe('AiPolicyRules', () => {
  it('reads once per TTL, again at once after invalidate, and names unknown plans by id', async () => {
    const s = setup();
    expect(await s.rules.rules('free')).toMatchObject({ planName: 'Free', allowedModels: ['gpt-4'] });
    s.state.plans[0] = { planId: 'free', name: 'Free', allowedModels: null };
    expect((await s.rules.rules('free')).allowedModels).toEqual(['gpt-4']);
    expect(s.reads()).toBe(1);
    s.rules.invalidate();
    expect((await s.rules.rules('free')).allowedModels).toBeNull();
    s.state.order = ['google', 'ollama', 'openai', 'anthropic', 'huggingface'];
    s.advance(POLICY_TTL_MS);
    expect((await s.rules.rules('gone')).providerOrder[0]).toBe('google');
    expect(await s.rules.rules('gone')).toMatchObject({ planName: 'gone', allowedModels: null });
    expect(s.reads()).toBe(3);
  });
});
