import { EXTRACTION_PAUSES, extractionProgressSchema } from '@stratos/contracts/ai/extraction.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, createTwoProcessApps, type TestApp, testDbKind } from '../../../../test/test-app';
import { eventually } from '../../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiKnowledgeBase, aiUsageLog } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';
import { classifyDifficulty, extractKeywords } from '../seeding/text-rules';
import { DOMAINS } from '../seeding/vocabulary';
import { domainWords, relevanceOf } from './extraction-items';
import { extractionServicesFor, overrideExtraction } from './extraction-services';

let standins: AiStandins;
let t: TestApp;
let su: TestUser;
let admin: TestUser;
/** Every pause the service asked for, in order (they return at once). */
const pauses: number[] = [];

/**
 * The stand-in's reply to an extraction prompt: a point naming the prompt (unique per prompt), a
 * segment under 50 characters, and a point every prompt of a domain repeats word for word.
 */
const SHARED = 'Hoisting moves each declaration to the top of its scope chain before any code runs.';
function reply(prompt: string): string {
  const ask = prompt.split('. ')[0];
  return `1. ${ask}: every callback queued as a microtask runs before the next timer fires.\n\n2. Too short to keep.\n\n3. ${SHARED}`;
}

beforeAll(async () => {
  standins = await AiStandins.start();
  // Ollama alone (no keys): the best available provider answers.
  t = await createTestApp(standins.env(false));
  overrideExtraction(t.app.ctx, {
    pause: async (ms) => {
      pauses.push(ms);
    },
    stopPollMs: 50,
  });
  su = await createTestUser(t.app, { role: 'superadmin' });
  admin = await createTestUser(t.app, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await standins?.close();
});
beforeEach(async () => {
  standins.reset();
  standins.ollama.set({ respond: ({ prompt }) => reply(prompt) });
  pauses.length = 0;
  aiServicesFor(t.app.ctx).registry.clearCooldowns();
  await aiServicesFor(t.app.ctx).registry.checkAll();
});

const call = (who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, payload });

const finished = () => extractionServicesFor(t.app.ctx).extraction.idle();

function events(body: string): { event: string; data: Record<string, unknown> }[] {
  return body.split('\n\n').flatMap((block) => {
    const lines = block.split('\n');
    const event = lines.find((l) => l.startsWith('event: '));
    const data = lines.find((l) => l.startsWith('data: '));
    return event && data ? [{ event: event.slice(7), data: JSON.parse(data.slice(6)) }] : [];
  });
}

describe('knowledge extraction', () => {
  it('is the superadmin’s alone', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/ai/extraction/start', {}],
      ['POST', '/api/ai/extraction/stop', undefined],
      ['GET', '/api/ai/extraction/status', undefined],
      ['GET', '/api/ai/extraction/progress', undefined],
      ['POST', '/api/ai/enhancement/query', { query: 'What is missing?' }],
    ] as const) {
      const res = await call(admin, method, url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe('Authentication required for database access');
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
    }
    expect(standins.ollama.generations).toHaveLength(0);
  });

  it('refuses an unknown domain and a stop when nothing runs', async () => {
    const bad = await call(su, 'POST', '/api/ai/extraction/start', { domains: ['astrology'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Unknown knowledge domain: astrology');
    const stop = await call(su, 'POST', '/api/ai/extraction/stop');
    expect(stop.statusCode).toBe(409);
    expect(stop.json().error.message).toBe('No knowledge extraction is in progress');
  });

  it('asks five prompts per domain through the router with the pauses, drops short segments and skips duplicates', async () => {
    const started = await call(su, 'POST', '/api/ai/extraction/start', { domains: ['python', 'javascript'] });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().data).toMatchObject({
      isExtracting: true,
      progress: { totalDomains: 2, totalPrompts: 10 },
    });
    expect(started.json().data.domains).toHaveLength(30);
    await finished();

    // Catalogue order (javascript before python), five prompt types each, section 9 pauses between.
    const asked = standins.ollama.generations.map((g) => JSON.stringify(g.body));
    expect(asked).toHaveLength(10);
    expect(asked.slice(0, 5).every((b) => b.includes('JavaScript'))).toBe(true);
    expect(asked.slice(5).every((b) => b.includes('Python'))).toBe(true);
    const { betweenPromptsMs: p, betweenDomainsMs: d } = EXTRACTION_PAUSES;
    expect(pauses).toEqual([p, p, p, p, d, p, p, p, p]);

    const status = (await call(su, 'GET', '/api/ai/extraction/status')).json().data;
    const progress = extractionProgressSchema.parse(status.progress);
    // Per domain: 5 unique points + the shared one once; 4 repeats skipped; 5 short segments dropped.
    expect(progress).toMatchObject({
      isExtracting: false,
      status: 'succeeded',
      domainsCompleted: 2,
      promptsDone: 10,
      promptsFailed: 0,
      itemsStored: 12,
      duplicatesSkipped: 8,
      segmentsDropped: 10,
      tokensUsed: 10 * (12 + 8),
      cost: 0,
    });
    expect(progress.models).toEqual([expect.stringMatching(/^llama3\.2/)]);
    expect(status.extractedItems).toBe(12);

    const db = t.app.ctx.database.db;
    const rows = await db.select().from(aiKnowledgeBase).where(eq(aiKnowledgeBase.source, 'extraction'));
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.content.length >= 50)).toBe(true);
    expect(
      rows
        .filter((r) => r.content === SHARED)
        .map((r) => r.domain)
        .sort(),
    ).toEqual(['javascript', 'python']);
    for (const r of rows) {
      const domain = DOMAINS.find((x) => x.domain === r.domain);
      if (!domain) throw new Error(r.domain);
      expect(r.keywords).toEqual(extractKeywords(r.content));
      expect(r.difficultyLevel).toBe(classifyDifficulty(r.content, domain.terms));
      expect(r.relevanceScore).toBeCloseTo(relevanceOf(r.content, domainWords(domain)), 5);
    }
    // The shared point names three of JavaScript's words (hoisting, scope, chain) and none of Python's.
    const relevance = (d: string) => rows.find((r) => r.content === SHARED && r.domain === d)?.relevanceScore;
    expect(relevance('javascript')).toBeCloseTo(0.3, 5);
    expect(relevance('python')).toBe(0);
    expect(new Set(rows.map((r) => r.type))).toEqual(
      new Set(['concept', 'best_practice', 'code_example', 'troubleshooting', 'pattern']),
    );

    // Charged and logged like any call: one usage row per prompt, under the superadmin.
    const usage = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(aiUsageLog)
      .where(sql`${aiUsageLog.userId} = ${su.user.id} and ${aiUsageLog.operation} = 'extraction'`);
    expect(Number(usage[0]?.n)).toBe(10);

    // Again: everything is already there.
    await call(su, 'POST', '/api/ai/extraction/start', { domains: ['javascript'] });
    await finished();
    const again = (await call(su, 'GET', '/api/ai/extraction/status')).json().data;
    expect(again.progress).toMatchObject({ itemsStored: 0, duplicatesSkipped: 10, segmentsDropped: 5 });
    expect(again.extractedItems).toBe(12);
  });

  it('one at a time; stop cuts the prompt in flight and ends the run; progress streams live', async () => {
    let open!: () => void;
    standins.ollama.set({ gate: new Promise<void>((r) => (open = r)) });
    try {
      const first = await call(su, 'POST', '/api/ai/extraction/start', { domains: ['go', 'rust'] });
      expect(first.statusCode).toBe(202);
      const stream = call(su, 'GET', '/api/ai/extraction/progress');
      const second = await call(su, 'POST', '/api/ai/extraction/start', {});
      expect(second.statusCode).toBe(409);
      expect(second.json().error.code).toBe('EXTRACTION_IN_PROGRESS');
      await eventually(async () => expect(standins.ollama.generations).toHaveLength(1));
      const stop = await call(su, 'POST', '/api/ai/extraction/stop');
      expect(stop.statusCode).toBe(200);
      expect(stop.json().data.progress.status).toBe('stopping');
      await finished();
      const list = events((await stream).body);
      expect(list.filter((e) => e.event === 'progress').length).toBeGreaterThan(0);
      expect(list.at(-1)).toMatchObject({ event: 'done', data: { status: 'stopped', isExtracting: false } });
    } finally {
      open();
    }
    const status = (await call(su, 'GET', '/api/ai/extraction/status')).json().data;
    expect(status.progress).toMatchObject({ status: 'stopped', promptsDone: 0, itemsStored: 0 });
    expect(status.isExtracting).toBe(false);
    // The lease is free again.
    const again = await call(su, 'POST', '/api/ai/extraction/start', { domains: ['go'] });
    expect(again.statusCode).toBe(202);
    await finished();
    expect((await call(su, 'GET', '/api/ai/extraction/status')).json().data.progress.status).toBe(
      'succeeded',
    );
  });

  it('a stream with nothing running says idle and ends', async () => {
    const res = await call(su, 'GET', '/api/ai/extraction/progress');
    expect(res.body).toContain('retry: 2000');
    expect(events(res.body)).toEqual([{ event: 'idle', data: { isExtracting: false } }]);
  });

  it('ends with the router’s message when no provider is available', async () => {
    standins.ollama.set({ health: 'fail', chat: 'fail' });
    await aiServicesFor(t.app.ctx).registry.checkAll();
    const res = await call(su, 'POST', '/api/ai/extraction/start', { domains: ['go'] });
    expect(res.statusCode).toBe(202);
    await finished();
    const p = (await call(su, 'GET', '/api/ai/extraction/status')).json().data.progress;
    expect(p).toMatchObject({ status: 'failed', promptsDone: 0, lastError: 'No AI providers available' });
  });
});

describe.runIf(testDbKind === 'postgres')('extraction across two API processes', () => {
  it('one run cluster-wide; the other process sees it, streams it and can stop it', async () => {
    const pair = await createTwoProcessApps(standins.env(false));
    let open!: () => void;
    try {
      for (const app of [pair.a, pair.b])
        overrideExtraction(app.app.ctx, { pause: async () => {}, stopPollMs: 50 });
      standins.ollama.set({ gate: new Promise<void>((r) => (open = r)) });
      const a = await createTestUser(pair.a.app, { role: 'superadmin' });
      const b = await createTestUser(pair.b.app, { role: 'superadmin' });
      await aiServicesFor(pair.a.app.ctx).registry.checkAll();
      const inB = (method: 'GET' | 'POST', url: string, payload?: object) =>
        pair.b.app.inject({ method, url, headers: b.headers, payload });
      const started = await pair.a.app.inject({
        method: 'POST',
        url: '/api/ai/extraction/start',
        headers: a.headers,
        payload: { domains: ['go'] },
      });
      expect(started.statusCode).toBe(202);
      expect((await inB('GET', '/api/ai/extraction/status')).json().data.isExtracting).toBe(true);
      expect((await inB('POST', '/api/ai/extraction/start', {})).statusCode).toBe(409);
      const stream = inB('GET', '/api/ai/extraction/progress');
      expect((await inB('POST', '/api/ai/extraction/stop')).statusCode).toBe(200);
      // The run in A sees the stop asked in B (its lease row, read every stopPollMs) while its
      // first prompt is still held (the stop aborts that call); only then is the model let answer,
      // so the run cannot finish its prompts before it looked.
      await vi.waitFor(
        async () => {
          const inA = await pair.a.app.inject({
            method: 'GET',
            url: '/api/ai/extraction/status',
            headers: a.headers,
          });
          expect(['stopping', 'stopped']).toContain(inA.json().data.progress.status);
        },
        { timeout: 10_000, interval: 25 },
      );
      open();
      await extractionServicesFor(pair.a.app.ctx).extraction.idle();
      const list = events((await stream).body);
      expect(list.at(-1)).toMatchObject({ event: 'done', data: { status: 'stopped' } });
    } finally {
      open?.();
      await pair.close();
    }
  });
});
