import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDbKind } from '../../../../test/test-app';
import { aiKnowledgeBase, aiKnowledgeEmbeddings } from '../../../db/schema/index';
import {
  CANDIDATES_PER_SIGNAL,
  KnowledgeSearchRepository,
  pgvectorCandidatesSql,
  type VectorHit,
} from './knowledge-search.repository';
import { knowledgeSearchServicesFor } from './knowledge-search-services';
import { InProcessVectorScan } from './vector-scan';

/** Exact nearest neighbours on both paths, against a brute-force cosine in JS. */

const MODEL = 'test/seeded-random';
const ITEMS = 1500;
const QUERIES = 12;

/** A seeded generator (mulberry32), so every run has the same vectors. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  };
}
function unitVectors(n: number, seed: number): number[][] {
  const next = generator(seed);
  return Array.from({ length: n }, () => {
    const v = Array.from({ length: 384 }, next);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
}

let t: TestApp;
let repo: KnowledgeSearchRepository;
let stored: { id: string; vector: number[] }[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.ctx.database.db;
  repo = new KnowledgeSearchRepository(db);
  const vectors = unitVectors(ITEMS, 7);
  const items = await db
    .insert(aiKnowledgeBase)
    .values(
      vectors.map((_, i) => ({
        domain: 'general',
        type: 'concept',
        title: `Item ${i}`,
        content: `Body ${i}`,
      })),
    )
    .returning({ id: aiKnowledgeBase.id });
  for (let i = 0; i < ITEMS; i += 250) {
    await db.insert(aiKnowledgeEmbeddings).values(
      items.slice(i, i + 250).map((item, j) => ({
        knowledgeId: item.id,
        embeddingVector: vectors[i + j],
        embeddingModel: MODEL,
        contentHash: `h${i + j}`,
      })),
    );
  }
  // What the database holds (real: single precision), read back as the brute force's input.
  stored = (
    await db
      .select({ id: aiKnowledgeEmbeddings.knowledgeId, vector: aiKnowledgeEmbeddings.embeddingVector })
      .from(aiKnowledgeEmbeddings)
  ).map((r) => ({ id: r.id, vector: r.vector as number[] }));
});
afterAll(async () => {
  await t?.close();
});

function bruteForce(query: number[], k: number): VectorHit[] {
  return stored
    .map((s) => ({ id: s.id, similarity: s.vector.reduce((sum, x, i) => sum + x * (query[i] as number), 0) }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, k);
}

function recall(found: VectorHit[], exact: VectorHit[]): number {
  const want = new Set(exact.map((h) => h.id));
  return found.filter((h) => want.has(h.id)).length / exact.length;
}

const queries = unitVectors(QUERIES, 99);

describe('exact nearest neighbours', () => {
  it('uses pgvector on PGlite and the in-process scan on PostgreSQL 15 (no pgvector)', async () => {
    const path = await knowledgeSearchServicesFor(t.app.ctx).search.vectorPath();
    expect(path).toBe(testDbKind === 'pglite' ? 'pgvector' : 'scan');
  });

  it('pgvector ordering has recall 1.0 against brute force', async () => {
    if (!(await repo.hasPgvector())) return expect(testDbKind).toBe('postgres');
    for (const q of queries) {
      const rows = await repo.candidates(pgvectorCandidatesSql({ term: '', keywords: [] }, q, MODEL));
      const found = rows.map((r) => ({ id: r.id, similarity: r.similarity as number }));
      const exact = bruteForce(q, CANDIDATES_PER_SIGNAL);
      expect(found).toHaveLength(CANDIDATES_PER_SIGNAL);
      expect(recall(found, exact)).toBe(1);
      const best = found.reduce((a, b) => (b.similarity > a.similarity ? b : a));
      expect(best.id).toBe(exact[0]?.id);
      expect(best.similarity).toBeCloseTo(exact[0]?.similarity as number, 5);
    }
  });

  it('the in-process scan has recall 1.0 against brute force, in order', async () => {
    const scan = new InProcessVectorScan(repo);
    for (const q of queries) {
      const found = await scan.nearest(MODEL, q, CANDIDATES_PER_SIGNAL);
      const exact = bruteForce(q, CANDIDATES_PER_SIGNAL);
      expect(recall(found, exact)).toBe(1);
      expect(found.map((h) => h.id)).toEqual(exact.map((h) => h.id));
      expect(found[0]?.similarity).toBeCloseTo(exact[0]?.similarity as number, 6);
    }
  });

  it("concurrent searches of two models each get their own model's neighbours", async () => {
    const scan = new InProcessVectorScan(repo);
    const q = queries[1] as number[];
    const [a, b, c] = await Promise.all([
      scan.nearest(MODEL, q, 3),
      scan.nearest('test/no-such-model', q, 3),
      scan.nearest(MODEL, q, 3),
    ]);
    expect(a.map((h) => h.id)).toEqual(bruteForce(q, 3).map((h) => h.id));
    expect(b).toEqual([]);
    expect(c).toEqual(a);
  });

  it('the scan follows new, changed and deleted vectors', async () => {
    let now = 0;
    const scan = new InProcessVectorScan(repo, () => now);
    const q = queries[0] as number[];
    await scan.nearest(MODEL, q, 5);
    expect(scan.size).toBe(ITEMS);
    const db = t.app.ctx.database.db;
    const [item] = await db
      .insert(aiKnowledgeBase)
      .values({ domain: 'general', type: 'concept', title: 'Twin', content: 'Twin of the query' })
      .returning({ id: aiKnowledgeBase.id });
    const id = item?.id as string;
    await db
      .insert(aiKnowledgeEmbeddings)
      .values({ knowledgeId: id, embeddingVector: q, embeddingModel: MODEL, contentHash: 'twin' });
    // Within a second the copy is trusted as it is.
    expect((await scan.nearest(MODEL, q, 1))[0]?.id).not.toBe(id);
    now += 1500;
    expect((await scan.nearest(MODEL, q, 1))[0]).toMatchObject({ id });
    expect(scan.size).toBe(ITEMS + 1);

    // Re-embedded: the row's vector changes in place.
    await db
      .update(aiKnowledgeEmbeddings)
      .set({ embeddingVector: q.map((x) => -x), updatedAt: new Date(Date.now() + 1000) })
      .where(eq(aiKnowledgeEmbeddings.knowledgeId, id));
    now += 1500;
    expect((await scan.nearest(MODEL, q, 1))[0]?.id).not.toBe(id);
    expect(scan.size).toBe(ITEMS + 1);

    await db.delete(aiKnowledgeBase).where(eq(aiKnowledgeBase.id, id));
    now += 1500;
    await scan.nearest(MODEL, q, 1);
    expect(scan.size).toBe(ITEMS);
  });
});
