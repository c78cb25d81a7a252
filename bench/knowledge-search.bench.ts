import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import type { Db } from '../apps/server/src/db/client';
import { unitVector } from '../apps/server/src/modules/ai/embeddings/embedding.service';
import {
  CANDIDATES_PER_SIGNAL,
  givenHitsCandidatesSql,
  KnowledgeSearchRepository,
  pgvectorCandidatesSql,
  type VectorHit,
} from '../apps/server/src/modules/ai/knowledge-search/knowledge-search.repository';
import { knowledgeSearchServicesFor } from '../apps/server/src/modules/ai/knowledge-search/knowledge-search-services';
import { termKeywords } from '../apps/server/src/modules/ai/knowledge-search/relevance';
import { InProcessVectorScan } from '../apps/server/src/modules/ai/knowledge-search/vector-scan';
import { aiServicesFor } from '../apps/server/src/modules/ai/providers/ai-services';
import { startStandin } from './ai-chat.bench';
import { type Engine, startBenchApp } from './engine';
import { compare, type Figure, spread } from './figure';
import { BENCH_EMBEDDING_MODEL, benchItems, benchQueries, insertBenchItems } from './knowledge-data';
import { latencyRounds } from './latency-client';
import { accessTokens, bearerSets, createUser, ROUNDS } from './support';

const ITEMS = Number(process.env.BENCH_KNOWLEDGE_ITEMS ?? 12_000);
const QUERIES = 20;
/** Requests per term and side in each round (20 terms: 40 searches per side per round). */
const PER_TERM = 2;
const LIMIT = 5;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Knowledge search over 12,000 items with embeddings (the Ollama stand-in in a process of its own
 * embeds each term): p50 of POST /api/ai/knowledge-search for the top 5, against a bare Fastify
 * route in the same process doing the search's essential work the same way: the term's embedding
 * from the same stand-in (/api/embed), then the same SQL statement the app sends (built by the same
 * function, sent ad hoc on the driver as the app sends it) and, where the database has no pgvector,
 * the same exact scan in the process first. The terms rotate through a fixed set of 20. Then the
 * exact recall of the vector signal (its top 100 for each of the 20 terms) against a brute-force
 * cosine over every stored vector.
 */
export async function knowledgeSearchBench(engine: Engine): Promise<Figure[]> {
  const standin = await startStandin();
  const bench = await startBenchApp(engine, {
    JOBS_ENABLED: 'false',
    OLLAMA_URL: standin.url,
    AI_SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const bare = Fastify({ logger: false });
  try {
    const { app, database } = bench;
    const db = database.db;
    await insertBenchItems(db, benchItems(ITEMS));
    await db.execute(sql`analyze ai_knowledge_base`);
    await db.execute(sql`analyze ai_knowledge_embeddings`);
    await aiServicesFor(app.ctx).registry.checkAll();
    const { row } = await createUser(db);
    const headerSets = bearerSets(await accessTokens(app.ctx.tokens, row));
    const search = knowledgeSearchServicesFor(app.ctx).search;
    const path = await search.vectorPath();
    const repo = new KnowledgeSearchRepository(db);
    const scan = new InProcessVectorScan(repo);

    const dialect = new PgDialect();
    const client = (
      db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } }
    ).$client;
    bare.post('/bare-search', async (request) => {
      const { term } = request.body as { term: string };
      const vector = await embedDirect(standin.url, term);
      const q = { term, keywords: termKeywords(term) };
      const statement =
        path === 'pgvector'
          ? pgvectorCandidatesSql(q, vector, BENCH_EMBEDDING_MODEL)
          : givenHitsCandidatesSql(
              q,
              await scan.nearest(BENCH_EMBEDDING_MODEL, vector, CANDIDATES_PER_SIGNAL),
            );
      const { sql: text, params } = dialect.sqlToQuery(statement);
      return { rows: rowsOf(await client.query(text, params)).length };
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    const terms = benchQueries(QUERIES);
    const bodies = terms.map((term) => JSON.stringify({ term, limit: LIMIT }));
    // Every term is a 200 with items on both sides before timing (the scan's copy loads here too).
    for (const body of bodies) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/ai/knowledge-search',
        headers: { ...headerSets[0], 'content-type': 'application/json' },
        payload: body,
      });
      const reply = res.json() as { mode?: string; items?: unknown[] };
      if (res.statusCode !== 200 || reply.mode !== 'hybrid' || !reply.items?.length)
        throw new Error(`knowledge search answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    }
    const json = { 'content-type': 'application/json' };
    // The latency client sends one body per target: one target per term, app and bare interleaved.
    const targets = bodies.flatMap((body) => [
      { url: `${bench.url}/api/ai/knowledge-search`, headers: json, headerSets, body },
      { url: `${bareUrl}/bare-search`, headers: json, body },
    ]);
    const times = await latencyRounds({ targets, rounds: ROUNDS, perRound: PER_TERM, warmup: 2 });
    // Per round: the median over the terms of each side.
    const side = (offset: number) =>
      Array.from({ length: ROUNDS }, (_, r) =>
        median(times.filter((_, t) => t % 2 === offset).map((perTerm) => perTerm[r] as number)),
      );
    const latency = compare({
      name: `knowledge search p50, POST /api/ai/knowledge-search top ${LIMIT} over ${ITEMS} items with embeddings (${path === 'pgvector' ? 'pgvector <=>' : 'exact scan in the process'}), ${QUERIES} terms`,
      engine: engine.name,
      unit: 'ms',
      app: spread(side(0)),
      limitName: 'bare route: same stand-in embedding + the same SQL statement on the driver',
      limit: spread(side(1)),
      goal: { atMost: 1.5 },
    });
    return [
      latency,
      await recallFigure(engine, db, path === 'pgvector' ? repo : null, scan, terms, standin.url),
    ];
  } finally {
    await bare.close();
    await bench.close();
    standin.close();
  }
}

const median = (xs: number[]) => spread(xs).median;

/** The term's vector from the stand-in's /api/embed, as the app's provider call gets it. */
async function embedDirect(url: string, term: string): Promise<number[]> {
  const res = await fetch(`${url}/api/embed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'all-minilm', input: [term] }),
  });
  const body = (await res.json()) as { embeddings: number[][] };
  return unitVector(body.embeddings[0] as number[]);
}

/**
 * Recall of the vector signal's top 100 for every term against brute force over every stored
 * vector (read back from the database, so both sides compare the same single-precision numbers).
 * An item counts as a true neighbour when its exact similarity reaches the 100th best.
 */
async function recallFigure(
  engine: Engine,
  db: Db,
  pgvector: KnowledgeSearchRepository | null,
  scan: InProcessVectorScan,
  terms: string[],
  standinUrl: string,
): Promise<Figure> {
  const stored = rowsOf<{ id: string; v: string }>(
    await db.execute(
      sql`select knowledge_id as id, array_to_string(embedding_vector, ',') as v from ai_knowledge_embeddings where embedding_model = ${BENCH_EMBEDDING_MODEL}`,
    ),
  ).map((r) => ({ id: r.id, v: r.v.split(',').map(Number) }));
  let found = 0;
  let wanted = 0;
  for (const term of terms) {
    const q = await embedDirect(standinUrl, term);
    const exact = stored
      .map((s) => s.v.reduce((sum, x, i) => sum + x * (q[i] as number), 0))
      .map((similarity, i) => ({ id: stored[i]?.id as string, similarity }))
      .sort((a, b) => b.similarity - a.similarity);
    const kth = (exact[CANDIDATES_PER_SIGNAL - 1] as VectorHit).similarity - 1e-6;
    const exactOf = new Map(exact.map((e) => [e.id, e.similarity]));
    const hits = pgvector
      ? (
          await pgvector.candidates(
            pgvectorCandidatesSql({ term: '', keywords: [] }, q, BENCH_EMBEDDING_MODEL),
          )
        ).map((r) => ({ id: r.id, similarity: r.similarity as number }))
      : await scan.nearest(BENCH_EMBEDDING_MODEL, q, CANDIDATES_PER_SIGNAL);
    found += hits.filter((h) => (exactOf.get(h.id) ?? -1) >= kth).length;
    wanted += CANDIDATES_PER_SIGNAL;
  }
  const recall = found / wanted;
  return {
    name: `knowledge search exact recall@${CANDIDATES_PER_SIGNAL} of the vector signal, ${terms.length} fixed terms over ${stored.length} vectors`,
    engine: engine.name,
    value: recall,
    unit: '',
    limitName: 'brute-force cosine in JS',
    limit: 1,
    ratio: recall,
    goal: '>= 1',
    pass: recall >= 1,
  };
}
