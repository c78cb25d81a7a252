import { randomUUID } from 'node:crypto';
import { ANALYSIS_MESSAGES } from '@stratos/contracts/ai/analysis.schema';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useStandinApp } from '../../../../test/ai-standin-app';
import type { AiStandins } from '../../../../test/ai-standins';
import { minimalDocx, minimalPdf } from '../../../../test/documents.fixture';
import { storeFile } from '../../../../test/files.fixture';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { upload } from '../../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiFileAnalyses, aiUsageLog, files, jobRuns } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';
import { ANALYZE_FILES_JOB } from './analysis.job';
import { ANALYSIS_MAX_TRIES } from './analysis.service';
import { analysisServicesFor } from './analysis-services';

const ctx = useStandinApp();
let standins: AiStandins;
let t: TestApp;
beforeAll(() => {
  ({ standins, t } = ctx);
});

const db = () => t.app.ctx.database.db;
const analysis = () => analysisServicesFor(t.app.ctx).service;

/** What the Ollama stand-in answers for a file, by name (anything else gets `fallback`). */
let replies: Record<string, object> = {};
const replyFor = (name: string) =>
  ({
    summary: `A summary of ${name}.`,
    category: 'notes',
    tags: ['alpha', 'beta'],
    insights: [{ type: 'content', title: `About ${name}`, description: 'Worth a look.', priority: 'medium' }],
    recommendations: [`Tidy ${name}.`],
    confidence: 0.8,
    ...replies[name],
  }) as const;

/** Answers analysis prompts with JSON (inside prose, as small models do) and chat prompts with prose. */
function analyst(req: { prompt: string }): string {
  const name = /File name: (.+)/.exec(req.prompt)?.[1];
  if (!name || !req.prompt.includes('Analyse this file'))
    return 'Hello there, a chat reply in several words.';
  return `Here is my analysis:\n\`\`\`json\n${JSON.stringify(replyFor(name))}\n\`\`\``;
}

beforeEach(async () => {
  standins.reset();
  aiServicesFor(t.app.ctx).registry.clearCooldowns();
  await aiServicesFor(t.app.ctx).registry.checkAll();
  standins.reset();
  standins.ollama.set({ respond: analyst });
  replies = {};
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: TestUser) =>
  t.app.inject({ method, url, headers: who?.headers });

async function uploaded(who: TestUser, filename: string, data: Buffer | string, contentType: string) {
  const res = await upload(t.app, who.headers, {
    data: typeof data === 'string' ? Buffer.from(data) : data,
    filename,
    contentType,
  });
  expect(res.statusCode).toBe(201);
  return res.json().file.id as string;
}

const getAnalysis = async (who: TestUser, fileId: string) => {
  const res = await inject('GET', `/api/files/${fileId}/analysis`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data.analysis;
};

const analysisPrompts = () =>
  standins.ollama.generations
    .map((g) => JSON.stringify(g.body))
    .filter((body) => body.includes('Analyse this file'));

describe('analysing uploaded files', () => {
  it('queues each readable upload, then stores what the model said, logged as an analysis call', async () => {
    const who = await createTestUser(t.app);
    const samples: [string, Buffer | string, string, string][] = [
      ['notes.txt', 'Meeting notes: ship the release on Friday.', 'text/plain', 'ship the release on Friday'],
      [
        'readme.md',
        '# Setup\n\nRun the installer twice.',
        'application/octet-stream',
        'Run the installer twice',
      ],
      ['sales.csv', 'region,total\nnorth,10\nsouth,12\n', 'text/csv', 'CSV columns: region,total'],
      ['config.json', '{"retries":3,"mode":"fast"}', 'application/json', '\\"retries\\": 3'],
      [
        'report.pdf',
        minimalPdf(['Revenue grew twelve percent.']),
        'application/pdf',
        'Revenue grew twelve percent.',
      ],
      [
        'contract.docx',
        minimalDocx(['Salary is paid monthly.']),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'Salary is paid monthly.',
      ],
    ];
    const ids: string[] = [];
    for (const [name, data, type] of samples) {
      const id = await uploaded(who, name, data, type);
      ids.push(id);
      expect(await getAnalysis(who, id)).toMatchObject({
        fileId: id,
        status: 'pending',
        runs: 0,
        summary: null,
      });
    }
    const photo = await uploaded(who, 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    expect(await getAnalysis(who, photo)).toBeNull();

    const report = await analysis().drain();
    expect(report).toMatchObject({ completed: 6, failed: 0, retried: 0, unsupported: 0, noProviders: false });

    for (const [i, [name, , , excerpt]] of samples.entries()) {
      const a = await getAnalysis(who, ids[i] as string);
      expect(a).toMatchObject({
        status: 'completed',
        summary: `A summary of ${name}.`,
        category: 'notes',
        tags: ['alpha', 'beta'],
        insights: [
          { type: 'content', title: `About ${name}`, description: 'Worth a look.', priority: 'medium' },
        ],
        recommendations: [`Tidy ${name}.`],
        confidence: 0.8,
        provider: 'ollama',
        model: 'llama3.2:3b',
        truncated: false,
        error: null,
        runs: 1,
      });
      expect(a.charsAnalyzed).toBeGreaterThan(0);
      expect(a.completedAt).not.toBeNull();
      // The extracted text went to the model.
      expect(analysisPrompts().some((p) => p.includes(`File name: ${name}`) && p.includes(excerpt))).toBe(
        true,
      );
    }
    // Ollama was asked for its JSON mode (`format: "json"`), so a small model answers with an object.
    const asked = standins.ollama.generations.filter((g) =>
      JSON.stringify(g.body).includes('Analyse this file'),
    );
    expect(asked.length).toBeGreaterThanOrEqual(6);
    expect(asked.every((g) => (g.body as { format?: unknown }).format === 'json')).toBe(true);
    const usage = await db().select().from(aiUsageLog).where(eq(aiUsageLog.userId, who.user.id));
    expect(usage).toHaveLength(6);
    expect(usage.every((u) => u.operation === 'analysis' && u.success && u.provider === 'ollama')).toBe(true);
    expect(usage[0]?.tokensUsed).toBe(
      standins.ollama.behaviour.promptTokens + standins.ollama.behaviour.completionTokens,
    );
  });

  it('retries a reply it cannot read, then gives up with the reason', async () => {
    const who = await createTestUser(t.app);
    standins.ollama.set({ respond: () => 'This file looks like some notes about a meeting.' });
    const id = await uploaded(who, 'minutes.txt', 'Minutes of the meeting.', 'text/plain');
    const report = await analysis().drain();
    expect(report).toMatchObject({ completed: 0, failed: 1, retried: ANALYSIS_MAX_TRIES - 1 });
    expect(analysisPrompts()).toHaveLength(ANALYSIS_MAX_TRIES);
    expect(await getAnalysis(who, id)).toMatchObject({
      status: 'failed',
      error: 'The model did not answer with JSON',
      runs: 0,
      summary: null,
    });
    // Asked again, it starts over and succeeds.
    standins.ollama.set({ respond: analyst });
    expect((await inject('POST', `/api/files/${id}/analysis`, who)).statusCode).toBe(202);
    await analysis().drain();
    expect(await getAnalysis(who, id)).toMatchObject({ status: 'completed', error: null, runs: 1 });
  });

  it('leaves files pending while no provider is available, without counting a failure', async () => {
    const who = await createTestUser(t.app);
    for (const s of Object.values(standins.all)) s.set({ health: 'fail' });
    await aiServicesFor(t.app.ctx).registry.checkAll();
    const id = await uploaded(who, 'later.txt', 'Analyse me later.', 'text/plain');
    const report = await analysis().drain();
    expect(report).toMatchObject({ completed: 0, failed: 0, retried: 0, noProviders: true });
    const [row] = await db().select().from(aiFileAnalyses).where(eq(aiFileAnalyses.fileId, id));
    expect(row).toMatchObject({ status: 'pending', failures: 0, error: null, leaseUntil: null });
    expect(standins.ollama.generations).toHaveLength(0);

    for (const s of Object.values(standins.all)) s.set({ health: 'ok' });
    await aiServicesFor(t.app.ctx).registry.checkAll();
    expect((await analysis().drain()).completed).toBeGreaterThanOrEqual(1);
    expect(await getAnalysis(who, id)).toMatchObject({
      status: 'completed',
      summary: 'A summary of later.txt.',
    });
  });

  it('marks a file with no readable text unsupported, without asking the model', async () => {
    const who = await createTestUser(t.app);
    const id = await uploaded(who, 'blank.md', '   \n\n  ', 'text/markdown');
    const binary = await uploaded(who, 'data.txt', Buffer.from([0x00, 0x01, 0x02, 0xff]), 'text/plain');
    expect((await analysis().drain()).unsupported).toBe(2);
    expect(await getAnalysis(who, id)).toMatchObject({
      status: 'unsupported',
      error: 'No text was found in this file',
    });
    expect(await getAnalysis(who, binary)).toMatchObject({
      status: 'unsupported',
      error: 'This file does not contain text',
    });
    expect(analysisPrompts()).toHaveLength(0);
  });

  it('fails at once with the allowance message when the month is spent', async () => {
    const who = await createTestUser(t.app);
    await db()
      .insert(aiUsageLog)
      .values(
        Array.from({ length: 100 }, () => ({
          userId: who.user.id,
          provider: 'ollama',
          model: 'llama3.2',
          operation: 'chat',
          responseTimeMs: 5,
          success: true,
        })),
      );
    const id = await uploaded(who, 'spent.txt', 'No queries left.', 'text/plain');
    expect((await analysis().drain()).failed).toBe(1);
    const a = await getAnalysis(who, id);
    expect(a.status).toBe('failed');
    expect(a.error).toContain('all 100 AI queries');
    expect(analysisPrompts()).toHaveLength(0);
  });

  it('takes again a running analysis whose worker died (lease passed)', async () => {
    const who = await createTestUser(t.app);
    const id = await uploaded(who, 'orphan.txt', 'Left behind by a crashed worker.', 'text/plain');
    await db()
      .update(aiFileAnalyses)
      .set({ status: 'running', leaseUntil: sql`now() + interval '1 hour'` })
      .where(eq(aiFileAnalyses.fileId, id));
    expect((await analysis().drain()).completed).toBe(0);
    await db()
      .update(aiFileAnalyses)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(aiFileAnalyses.fileId, id));
    expect((await analysis().drain()).completed).toBe(1);
    expect(await getAnalysis(who, id)).toMatchObject({ status: 'completed', runs: 1 });
  });

  it('does not analyse a file in the recycle bin, and drops the analysis with the file', async () => {
    const who = await createTestUser(t.app);
    const id = await uploaded(who, 'binned.txt', 'About to be binned.', 'text/plain');
    expect((await inject('DELETE', `/api/files/${id}`, who)).statusCode).toBe(200);
    expect((await analysis().drain()).completed).toBe(0);
    const [row] = await db().select().from(aiFileAnalyses).where(eq(aiFileAnalyses.fileId, id));
    expect(row?.status).toBe('pending');
    expect((await inject('GET', `/api/files/${id}/analysis`, who)).statusCode).toBe(404);
    await db().delete(files).where(eq(files.id, id));
    expect(await db().select().from(aiFileAnalyses).where(eq(aiFileAnalyses.fileId, id))).toEqual([]);
  });
});

describe('routes', () => {
  it('need a signed-in user', async () => {
    const id = randomUUID();
    expect((await inject('GET', `/api/files/${id}/analysis`)).statusCode).toBe(401);
    expect((await inject('POST', `/api/files/${id}/analysis`)).statusCode).toBe(401);
    expect((await inject('POST', '/api/ai/analyze-files')).statusCode).toBe(401);
    expect((await inject('GET', '/api/ai/dashboard')).statusCode).toBe(401);
  });

  it("answer 404 for another user's file or none, and 400 for a malformed id", async () => {
    const owner = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const id = await uploaded(owner, 'mine.txt', 'Private notes.', 'text/plain');
    for (const method of ['GET', 'POST'] as const) {
      for (const url of [`/api/files/${id}/analysis`, `/api/files/${randomUUID()}/analysis`]) {
        const res = await inject(method, url, other);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
      }
      expect((await inject(method, '/api/files/not-a-uuid/analysis', owner)).statusCode).toBe(400);
    }
  });

  it('POST queues a file: 409 while queued, 400 for a type it cannot read, a re-analysis adds a run', async () => {
    const who = await createTestUser(t.app);
    const id = await uploaded(who, 'plan.md', '# Plan\n\nHire two engineers.', 'text/markdown');
    const busy = await inject('POST', `/api/files/${id}/analysis`, who);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatchObject({
      code: 'ANALYSIS_ALREADY_QUEUED',
      message: ANALYSIS_MESSAGES.alreadyQueued,
    });

    const photo = await uploaded(who, 'photo.jpg', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    const refused = await inject('POST', `/api/files/${photo}/analysis`, who);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'ANALYSIS_UNSUPPORTED',
      message: ANALYSIS_MESSAGES.unsupported,
    });

    await analysis().drain();
    replies['plan.md'] = { summary: 'A hiring plan, second look.', confidence: 0.6 };
    const again = await inject('POST', `/api/files/${id}/analysis`, who);
    expect(again.statusCode).toBe(202);
    // The last results stay while it is analysed again.
    expect(again.json().data.analysis).toMatchObject({
      status: 'pending',
      runs: 1,
      summary: 'A summary of plan.md.',
    });
    await analysis().drain();
    expect(await getAnalysis(who, id)).toMatchObject({
      status: 'completed',
      runs: 2,
      summary: 'A hiring plan, second look.',
      confidence: 0.6,
    });
  });

  it('POST /api/ai/analyze-files queues the readable live files that have none', async () => {
    const who = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const owner = who.user.id;
    const a = await storeFile(t.app, {
      ownerId: owner,
      name: 'a.txt',
      data: 'Alpha text.',
      mimeType: 'text/plain',
    });
    const b = await storeFile(t.app, { ownerId: owner, name: 'b.MD', data: '# Beta' });
    await storeFile(t.app, { ownerId: owner, name: 'c.png', data: 'png', mimeType: 'image/png' });
    const binned = await storeFile(t.app, {
      ownerId: owner,
      name: 'd.txt',
      data: 'Delta.',
      mimeType: 'text/plain',
    });
    await inject('DELETE', `/api/files/${binned.id}`, who);
    await storeFile(t.app, { ownerId: other.user.id, name: 'e.txt', data: 'Echo.', mimeType: 'text/plain' });

    const res = await inject('POST', '/api/ai/analyze-files', who);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { queued: 2, retried: 0 } });
    const rows = await db().select().from(aiFileAnalyses).where(eq(aiFileAnalyses.userId, owner));
    expect(rows.map((r) => r.fileId).sort()).toEqual([a.id, b.id].sort());
    expect((await inject('POST', '/api/ai/analyze-files', who)).json().data.queued).toBe(0);
  });
});

describe('GET /api/ai/dashboard', () => {
  it('shows the figures of the user’s live analyses and the real provider records', async () => {
    const who = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const empty = (await inject('GET', '/api/ai/dashboard', who)).json().data;
    expect(empty).toMatchObject({
      status: 'healthy',
      totalAnalyses: 0,
      averageConfidence: null,
      analyzedFiles: 0,
      pendingAnalyses: 0,
      insightCount: 0,
      recommendationCount: 0,
      insights: [],
      recommendations: [],
      categories: [],
      lastAnalyzedAt: null,
    });

    const insight = (title: string, priority: string) => ({
      type: 'content',
      title,
      description: `${title}.`,
      priority,
    });
    replies = {
      'one.txt': {
        category: 'finance',
        confidence: 0.9,
        insights: [insight('One low', 'low'), insight('One high', 'high')],
        recommendations: ['One first', 'One second'],
      },
      'two.txt': {
        category: 'finance',
        confidence: 0.6,
        insights: [insight('Two medium', 'medium'), insight('Two high', 'high'), insight('Two low', 'low')],
        recommendations: ['Two first', 'Two second', 'Two third'],
      },
      'three.txt': {
        category: 'notes',
        confidence: 0.3,
        insights: [insight('Three medium', 'medium')],
        recommendations: ['Three first'],
      },
      'binned.txt': { category: 'secret', confidence: 0.1, insights: [insight('Binned', 'high')] },
    };
    const ids: Record<string, string> = {};
    for (const name of ['one.txt', 'two.txt', 'three.txt', 'binned.txt']) {
      ids[name] = await uploaded(who, name, `Text of ${name}`, 'text/plain');
      await analysis().drain();
      // Distinct completion times, in upload order.
      await db()
        .update(aiFileAnalyses)
        .set({ completedAt: sql`now() - ${(10 - Object.keys(ids).length) * 60} * interval '1 second'` })
        .where(eq(aiFileAnalyses.fileId, ids[name] as string));
    }
    expect((await inject('DELETE', `/api/files/${ids['binned.txt']}`, who)).statusCode).toBe(200);
    await uploaded(who, 'waiting.txt', 'Not analysed yet.', 'text/plain');
    await uploaded(other, 'theirs.txt', 'Someone else.', 'text/plain');
    await db()
      .update(aiFileAnalyses)
      .set({ status: 'completed', runs: 3, confidence: 1, completedAt: sql`now()` })
      .where(eq(aiFileAnalyses.userId, other.user.id));

    const res = await inject('GET', '/api/ai/dashboard', who);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      status: 'healthy',
      totalAnalyses: 3,
      averageConfidence: 0.6,
      analyzedFiles: 3,
      pendingAnalyses: 1,
      insightCount: 6,
      recommendationCount: 6,
      categories: [
        { category: 'finance', count: 2 },
        { category: 'notes', count: 1 },
      ],
    });
    // High first, newest first within a priority, at most 5.
    expect(d.insights.map((i: { title: string }) => i.title)).toEqual([
      'Two high',
      'One high',
      'Three medium',
      'Two medium',
      'Two low',
    ]);
    expect(d.insights[0]).toMatchObject({ fileId: ids['two.txt'], fileName: 'two.txt', priority: 'high' });
    expect(d.recommendations.map((r: { text: string }) => r.text)).toEqual([
      'Three first',
      'Two first',
      'Two second',
      'Two third',
      'One first',
    ]);
    const [last] = await db()
      .select({ at: aiFileAnalyses.completedAt })
      .from(aiFileAnalyses)
      .where(and(eq(aiFileAnalyses.fileId, ids['three.txt'] as string)));
    expect(d.lastAnalyzedAt).toBe(last?.at?.toISOString());

    // Provider records as GET /api/ai/providers gives them; models of available providers, once each.
    const providers = (await inject('GET', '/api/ai/providers', who)).json().data.providers;
    expect(d.providers.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual(
      providers.map((p: { id: string; status: string }) => [p.id, p.status]),
    );
    const models = new Set(
      providers
        .filter((p: { status: string }) => p.status === 'available')
        .flatMap((p: { availableModels: string[]; models: string[] }) =>
          p.availableModels.length ? p.availableModels : p.models,
        ),
    );
    expect(models.size).toBeGreaterThan(1);
    expect(d.activeModels).toBe(models.size);

    // The files dashboard's "AI Analyses" is the same figure.
    expect((await inject('GET', '/api/dashboard', who)).json().stats.totalAnalyses).toBe(3);

    for (const s of Object.values(standins.all)) s.set({ health: 'fail' });
    await aiServicesFor(t.app.ctx).registry.checkAll();
    const degraded = (await inject('GET', '/api/ai/dashboard', who)).json().data;
    expect(degraded).toMatchObject({ status: 'degraded', activeModels: 0, totalAnalyses: 3 });
  });
});

describe('the worker', () => {
  it('runs as the job ai.analyze-files', async () => {
    expect(t.app.ctx.jobs.names()).toContain(ANALYZE_FILES_JOB);
    await analysis().drain(); // whatever earlier tests left queued
    const who = await createTestUser(t.app);
    const id = await uploaded(who, 'by-job.txt', 'Analysed by the periodic job.', 'text/plain');
    expect(await t.app.ctx.jobs.runNow(ANALYZE_FILES_JOB)).toBe(true);
    expect(await getAnalysis(who, id)).toMatchObject({
      status: 'completed',
      summary: 'A summary of by-job.txt.',
    });
    const [run] = await db().select().from(jobRuns).where(eq(jobRuns.name, ANALYZE_FILES_JOB));
    expect(run).toMatchObject({ lastStatus: 'succeeded', progress: expect.stringContaining('analysed 1') });
  });

  it('starts in the background after an upload and after a POST when jobs are enabled', async () => {
    const live = await createTestApp({ ...standins.env(), JOBS_ENABLED: 'true' });
    try {
      await live.app.ready();
      // No periodic run: whatever gets analysed was started by the upload or the POST.
      await live.app.ctx.jobs.stop();
      await aiServicesFor(live.app.ctx).registry.checkAll();
      const who = await createTestUser(live.app);
      const res = await upload(live.app, who.headers, {
        data: Buffer.from('Kicked off by the upload.'),
        filename: 'kick.txt',
        contentType: 'text/plain',
      });
      const id = res.json().file.id as string;
      const status = async () =>
        (
          await live.app.inject({ method: 'GET', url: `/api/files/${id}/analysis`, headers: who.headers })
        ).json().data.analysis;
      await expect.poll(async () => (await status()).status, { timeout: 20_000 }).toBe('completed');
      const again = await live.app.inject({
        method: 'POST',
        url: `/api/files/${id}/analysis`,
        headers: who.headers,
      });
      expect(again.statusCode).toBe(202);
      await expect.poll(async () => (await status()).runs, { timeout: 20_000 }).toBe(2);
    } finally {
      await live.close();
    }
  });

  it('starts in the background when a file with a waiting analysis is restored from the bin', async () => {
    const live = await createTestApp({ ...standins.env(), JOBS_ENABLED: 'true' });
    try {
      await live.app.ready();
      await live.app.ctx.jobs.stop();
      const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
        live.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
      // No provider: the upload's analysis waits in the queue.
      const setHealth = (health: 'ok' | 'fail') => {
        for (const s of Object.values(standins.all)) s.set({ health });
      };
      setHealth('fail');
      await aiServicesFor(live.app.ctx).registry.checkAll();
      const who = await createTestUser(live.app);
      const res = await upload(live.app, who.headers, {
        data: Buffer.from('Waits in the bin, then comes back.'),
        filename: 'restored.txt',
        contentType: 'text/plain',
      });
      const id = res.json().file.id as string;
      // The upload's worker claims it, finds no provider and puts it back.
      await expect
        .poll(async () => (await call('GET', `/api/files/${id}/analysis`)).json().data.analysis.status, {
          timeout: 20_000,
        })
        .toBe('pending');
      expect((await call('DELETE', `/api/files/${id}`)).statusCode).toBe(200);
      setHealth('ok');
      await aiServicesFor(live.app.ctx).registry.checkAll();
      // A binned file is not claimed, so nothing runs until the restore starts the worker.
      const restored = await call('POST', '/api/recycle-bin/restore', { items: [{ id, kind: 'file' }] });
      expect(restored.statusCode).toBe(200);
      await expect
        .poll(async () => (await call('GET', `/api/files/${id}/analysis`)).json().data.analysis.status, {
          timeout: 20_000,
        })
        .toBe('completed');
    } finally {
      for (const s of Object.values(standins.all)) s.set({ health: 'ok' });
      await live.close();
    }
  });
});
