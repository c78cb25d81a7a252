import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { standinEmbedding } from '../../../../test/standin-embeddings';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { aiServicesFor } from '../providers/ai-services';
import { EMBEDDING_DIMENSIONS, unitVector, WrongEmbeddingError } from './embedding.service';

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
beforeEach(async () => {
  standins.reset();
  t.app.ctx.embeddings.clearCooldowns();
  await aiServicesFor(t.app.ctx).registry.checkAll();
  standins.reset();
});

const embeddings = () => t.app.ctx.embeddings;
const use = { userId: null, purpose: 'knowledge-index' } as const;
const length = (v: number[]) => Math.hypot(...v);
const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * (b[i] as number), 0);

describe('embedding service', () => {
  it("speaks Ollama's /api/embed and answers unit-length 384-d vectors in order", async () => {
    const r = await embeddings().embed(['car engine maintenance', 'database index'], use);
    expect(r?.model).toBe('ollama/all-minilm');
    expect(r?.vectors).toHaveLength(2);
    for (const v of r?.vectors ?? []) {
      expect(v).toHaveLength(EMBEDDING_DIMENSIONS);
      expect(length(v)).toBeCloseTo(1, 6);
    }
    expect(r?.vectors[0]?.[0]).toBeCloseTo(standinEmbedding('car engine maintenance')[0] as number, 6);
    const [call] = standins.ollama.embeddings;
    expect(call?.path).toBe('/api/embed');
    expect(call?.body).toMatchObject({
      model: 'all-minilm',
      input: ['car engine maintenance', 'database index'],
    });
    expect(standins.openai.embeddings).toHaveLength(0);
  });

  it('gives similar vectors to texts that mean alike', async () => {
    const r = await embeddings().embed(
      ['car engine maintenance', 'automobile motor upkeep', 'tiny photo'],
      use,
    );
    const [a, b, c] = r?.vectors ?? [];
    expect(dot(a as number[], b as number[])).toBeGreaterThan(0.9);
    expect(dot(a as number[], c as number[])).toBeLessThan(0.3);
  });

  it("falls back to OpenAI's /v1/embeddings asking for 384 dimensions with the platform key", async () => {
    standins.ollama.set({ embed: 'fail' });
    const r = await embeddings().embed(['hello world'], use);
    expect(r?.model).toBe('openai/text-embedding-3-small');
    expect(r?.vectors[0]).toHaveLength(EMBEDDING_DIMENSIONS);
    const [call] = standins.openai.embeddings;
    expect(call?.path).toBe('/v1/embeddings');
    expect(call?.body).toMatchObject({
      model: 'text-embedding-3-small',
      input: ['hello world'],
      dimensions: 384,
    });
    expect(call?.headers.authorization).toBe('Bearer sk-platform-openai-1234');
  });

  it('sends large inputs in batches', async () => {
    const texts = Array.from({ length: 300 }, (_, i) => `text number ${i}`);
    const r = await embeddings().embed(texts, use);
    expect(r?.vectors).toHaveLength(300);
    expect(standins.ollama.embeddings.map((c) => (c.body as { input: string[] }).input.length)).toEqual([
      128, 128, 44,
    ]);
    expect(r?.vectors[299]?.[5]).toBeCloseTo(standinEmbedding('text number 299')[5] as number, 6);
  });

  it('refuses vectors of the wrong size from every provider', async () => {
    standins.ollama.set({ embedDimensions: 768 });
    standins.openai.set({ embedDimensions: 1536 });
    expect(await embeddings().embed(['hello'], use)).toBeNull();
    expect(standins.ollama.embeddings).toHaveLength(1);
    expect(standins.openai.embeddings).toHaveLength(1);
  });

  it('answers null when no provider answers, skips failed ones for a while, and says why', async () => {
    standins.ollama.set({ embed: 'fail' });
    standins.openai.set({ embed: 'unauthorized' });
    expect(await embeddings().embed(['hello'], use)).toBeNull();
    // Within the cooldown nobody is called again.
    expect(await embeddings().embed(['hello'], use)).toBeNull();
    expect(standins.ollama.embeddings).toHaveLength(1);
    const status = await embeddings().status();
    expect(status).toMatchObject({ available: false, model: null });
    expect(status.reason).toMatch(/ollama: .*openai: /);
  });

  it('gives up on a provider that stalls after the embedding timeout', async () => {
    standins.ollama.set({ embed: 'stall' });
    standins.openai.set({ embed: 'stall' });
    const started = Date.now();
    expect(await embeddings().embed(['hello'], use)).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reports an answering provider in status', async () => {
    expect(await embeddings().status()).toEqual({ available: true, model: 'ollama/all-minilm' });
  });

  it('answers no vectors for no texts', async () => {
    expect(await embeddings().embed([], use)).toEqual({ model: 'ollama/all-minilm', vectors: [] });
    expect(standins.ollama.embeddings).toHaveLength(0);
  });
});

describe('unitVector', () => {
  it('normalises and refuses wrong sizes, non-finite numbers and zeros', () => {
    const v = unitVector(Array.from({ length: 384 }, (_, i) => (i === 0 ? 3 : i === 1 ? 4 : 0)));
    expect(v[0]).toBeCloseTo(0.6);
    expect(v[1]).toBeCloseTo(0.8);
    expect(() => unitVector([1, 2, 3])).toThrow(WrongEmbeddingError);
    expect(() => unitVector(new Array(384).fill(0))).toThrow(WrongEmbeddingError);
    expect(() => unitVector([Number.NaN, ...new Array(383).fill(1)])).toThrow(WrongEmbeddingError);
  });
});
