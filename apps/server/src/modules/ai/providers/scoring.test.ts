import { describe, expect, it } from 'vitest';
import { callCost, isPaidProvider } from './cost';
import { attemptOrder, neededCapabilities, promptComplexity, scoreProvider } from './scoring';

describe('prompt complexity (part 2 section 9)', () => {
  it('is high over 1000 characters, low under 100, medium between', () => {
    expect(promptComplexity('x'.repeat(1001))).toBe('high');
    expect(promptComplexity('x'.repeat(1000))).toBe('medium');
    expect(promptComplexity('x'.repeat(100))).toBe('medium');
    expect(promptComplexity('x'.repeat(99))).toBe('low');
  });
});

describe('provider scoring', () => {
  const base = { lastResponseTime: null, needs: [], complexity: 'medium' as const };
  it('starts at 1', () => {
    expect(scoreProvider({ ...base, provider: 'huggingface' })).toBe(1);
  });
  it('adds 3 for code, 3 for vision, 2 for analysis when the provider has them', () => {
    expect(scoreProvider({ ...base, provider: 'openai', needs: ['code'] })).toBe(4);
    expect(scoreProvider({ ...base, provider: 'huggingface', needs: ['code'] })).toBe(1);
    expect(scoreProvider({ ...base, provider: 'google', needs: ['vision'] })).toBe(4);
    expect(scoreProvider({ ...base, provider: 'ollama', needs: ['analysis'] })).toBe(3);
  });
  it('adds 1 for a last response under 2000 ms', () => {
    expect(scoreProvider({ ...base, provider: 'huggingface', lastResponseTime: 1999 })).toBe(2);
    expect(scoreProvider({ ...base, provider: 'huggingface', lastResponseTime: 2000 })).toBe(1);
  });
  it('local model +1 on low complexity, OpenAI +2 on high, Anthropic +2 on analysis', () => {
    expect(scoreProvider({ ...base, provider: 'ollama', complexity: 'low' })).toBe(2);
    expect(scoreProvider({ ...base, provider: 'openai', complexity: 'high' })).toBe(3);
    expect(scoreProvider({ ...base, provider: 'anthropic', needs: ['analysis'] })).toBe(5);
  });
});

describe('attempt order', () => {
  const all = (['huggingface', 'ollama', 'anthropic', 'openai', 'google'] as const).map((id) => ({
    id,
    lastResponseTime: null,
  }));
  const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

  it('puts the best score first, then the chain openai, anthropic, ollama, huggingface, then google', () => {
    // A short prompt: the local model scores 2, everyone else 1.
    expect(ids(attemptOrder(all, 'hi', []))).toEqual([
      'ollama',
      'openai',
      'anthropic',
      'huggingface',
      'google',
    ]);
    // A long prompt: OpenAI scores 3.
    expect(ids(attemptOrder(all, 'x'.repeat(1200), []))).toEqual([
      'openai',
      'anthropic',
      'ollama',
      'huggingface',
      'google',
    ]);
    // Analysis: Anthropic 1 + 2 + 2 = 5 beats OpenAI 3 and Ollama 3.
    const prompt =
      'Please summarise the quarterly figures in the attached report for the board meeting tomorrow.';
    expect(ids(attemptOrder(all, prompt, ['analysis']))[0]).toBe('anthropic');
  });

  it('breaks ties by chain order and keeps only the candidates given', () => {
    const two = all.filter((c) => c.id === 'huggingface' || c.id === 'anthropic');
    expect(ids(attemptOrder(two, 'y'.repeat(500), []))).toEqual(['anthropic', 'huggingface']);
    expect(attemptOrder([], 'hi', [])).toEqual([]);
  });

  it('reads code from the prompt and analysis from the operation', () => {
    expect(neededCapabilities('why does this function throw?', 'chat')).toEqual(['code']);
    expect(neededCapabilities('hello there', 'analysis')).toEqual(['analysis']);
    expect(neededCapabilities('hello there', 'chat')).toEqual([]);
  });
});

describe('cost per token (part 2 section 9)', () => {
  it('prices the paid models and leaves the local model and Hugging Face free', () => {
    expect(callCost('openai', 'gpt-4', 100, 100)).toBeCloseTo(0.006, 9);
    expect(callCost('openai', 'gpt-4-turbo', 100, 100)).toBeCloseTo(0.002, 9);
    expect(callCost('openai', 'gpt-3.5-turbo', 1000, 500)).toBeCloseTo(0.003, 9);
    expect(callCost('anthropic', 'claude-3-haiku-20240307', 1000, 1000)).toBeCloseTo(0.0015, 9);
    expect(callCost('anthropic', 'claude-3-sonnet-20240229', 1000, 1000)).toBeCloseTo(0.018, 9);
    expect(callCost('anthropic', 'claude-3-opus-20240229', 1000, 1000)).toBeCloseTo(0.09, 9);
    expect(callCost('google', 'gemini-pro', 1000, 1000)).toBeCloseTo(0.001, 9);
    expect(callCost('google', 'gemini-pro-vision', 1000, 1000)).toBeCloseTo(0.004, 9);
    expect(callCost('ollama', 'llama3.2', 1000, 1000)).toBe(0);
    expect(callCost('huggingface', 'mistralai/Mistral-7B-Instruct-v0.2', 1000, 1000)).toBe(0);
    expect(isPaidProvider('ollama')).toBe(false);
    expect(isPaidProvider('openai')).toBe(true);
  });
  it('prices an unknown model of a paid provider as its default model', () => {
    expect(callCost('openai', 'some-new-model', 1000, 0)).toBeCloseTo(0.002, 9);
  });
});
