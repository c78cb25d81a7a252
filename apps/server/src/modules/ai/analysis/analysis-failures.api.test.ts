import { DASHBOARD_FAILURES_LISTED } from '@stratos/contracts/ai/analysis.schema';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useStandinApp } from '../../../../test/ai-standin-app';
import type { AiStandins } from '../../../../test/ai-standins';
import { storeFile } from '../../../../test/files.fixture';
import type { TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiFileAnalyses } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';
import { ANALYSIS_MAX_TRIES } from './analysis.service';
import { analysisServicesFor } from './analysis-services';

/** Failed analyses are visible on the AI dashboard and "Analyse my files" retries them. */
const ctx = useStandinApp();
let standins: AiStandins;
let t: TestApp;
beforeAll(() => {
  ({ standins, t } = ctx);
});

const analysis = () => analysisServicesFor(t.app.ctx).service;
const db = () => t.app.ctx.database.db;
const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, who: TestUser) =>
  t.app.inject({ method, url, headers: who.headers });
const dashboard = async (who: TestUser) => {
  const res = await inject('GET', '/api/ai/dashboard', who);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

/** Good JSON for analysis prompts, except for files whose name says "broken". */
const analyst = (req: { prompt: string }) => {
  const name = /File name: (.+)/.exec(req.prompt)?.[1] ?? '';
  if (name.includes('broken')) return 'Just some prose, no JSON at all.';
  return JSON.stringify({ summary: `About ${name}.`, category: 'notes', confidence: 0.7 });
};

beforeEach(async () => {
  standins.reset();
  aiServicesFor(t.app.ctx).registry.clearCooldowns();
  await aiServicesFor(t.app.ctx).registry.checkAll();
  standins.reset();
  standins.ollama.set({ respond: analyst });
});

const store = (who: TestUser, name: string, data: string | Buffer) =>
  storeFile(t.app, { ownerId: who.user.id, name, data, mimeType: 'text/plain' });

describe('failed analyses', () => {
  it('are counted and listed on the dashboard with their reason, failed before unsupported', async () => {
    const who = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const good = await store(who, 'good.txt', 'Plain notes.');
    const broken = await store(who, 'broken.txt', 'The model cannot read this one.');
    const empty = await store(who, 'empty.txt', '   ');
    const binned = await store(who, 'broken-binned.txt', 'Binned later.');
    await store(other, 'broken-theirs.txt', 'Someone else.');
    for (const u of [who, other]) await inject('POST', '/api/ai/analyze-files', u);
    await analysis().drain();
    await inject('DELETE', `/api/files/${binned.id}`, who);

    const d = await dashboard(who);
    expect(d).toMatchObject({
      analyzedFiles: 1,
      failedAnalyses: 1,
      unsupportedAnalyses: 1,
      pendingAnalyses: 0,
    });
    expect(d.failures).toEqual([
      {
        fileId: broken.id,
        fileName: 'broken.txt',
        status: 'failed',
        error: 'The model did not answer with JSON',
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      },
      {
        fileId: empty.id,
        fileName: 'empty.txt',
        status: 'unsupported',
        error: 'No text was found in this file',
        updatedAt: expect.any(String),
      },
    ]);
    expect(d.failures.map((f: { fileId: string }) => f.fileId)).not.toContain(good.id);
  });

  it('lists at most DASHBOARD_FAILURES_LISTED, newest first, while counting all of them', async () => {
    const who = await createTestUser(t.app);
    const many = DASHBOARD_FAILURES_LISTED + 3;
    for (let i = 0; i < many; i++) await store(who, `broken-${i}.txt`, `Text ${i}`);
    await inject('POST', '/api/ai/analyze-files', who);
    await db()
      .update(aiFileAnalyses)
      .set({ status: 'failed', error: 'All AI providers failed', failures: ANALYSIS_MAX_TRIES })
      .where(eq(aiFileAnalyses.userId, who.user.id));
    const [newest] = await db()
      .update(aiFileAnalyses)
      .set({ updatedAt: sql`now() + interval '1 minute'` })
      .where(eq(aiFileAnalyses.userId, who.user.id))
      .returning({ fileId: aiFileAnalyses.fileId })
      .then((rows) => rows.slice(-1));
    await db()
      .update(aiFileAnalyses)
      .set({ updatedAt: sql`now() + interval '1 hour'` })
      .where(eq(aiFileAnalyses.fileId, newest?.fileId as string));
    const d = await dashboard(who);
    expect(d.failedAnalyses).toBe(many);
    expect(d.failures).toHaveLength(DASHBOARD_FAILURES_LISTED);
    expect(d.failures[0].fileId).toBe(newest?.fileId);
  });

  it('are retried by "Analyse my files" along with files never analysed; unsupported ones are not', async () => {
    const who = await createTestUser(t.app);
    const broken = await store(who, 'broken.txt', 'Unreadable reply first.');
    await store(who, 'empty.txt', '');
    await inject('POST', '/api/ai/analyze-files', who);
    expect(await analysis().drain()).toMatchObject({ failed: 1, unsupported: 1 });
    const fresh = await store(who, 'fresh.txt', 'Uploaded after.');

    // The model reads it now.
    standins.ollama.set({
      respond: (req) => analyst({ prompt: req.prompt.replace('broken.txt', 'fixed.txt') }),
    });
    const res = await inject('POST', '/api/ai/analyze-files', who);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { queued: 2, retried: 1 } });
    const [row] = await db().select().from(aiFileAnalyses).where(eq(aiFileAnalyses.fileId, broken.id));
    expect(row).toMatchObject({ status: 'pending', failures: 0, error: null });
    expect((await dashboard(who)).failedAnalyses).toBe(0);

    await analysis().drain();
    const d = await dashboard(who);
    expect(d).toMatchObject({ analyzedFiles: 2, failedAnalyses: 0, unsupportedAnalyses: 1 });
    expect(d.failures.map((f: { fileName: string }) => f.fileName)).toEqual(['empty.txt']);
    const [done] = await db().select().from(aiFileAnalyses).where(eq(aiFileAnalyses.fileId, fresh.id));
    expect(done?.status).toBe('completed');
    expect((await inject('POST', '/api/ai/analyze-files', who)).json().data).toEqual({
      queued: 0,
      retried: 0,
    });
  });

  it('can be retried one by one, which clears the failure from the dashboard', async () => {
    const who = await createTestUser(t.app);
    const broken = await store(who, 'broken.txt', 'Once more.');
    await inject('POST', '/api/ai/analyze-files', who);
    await analysis().drain();
    expect((await dashboard(who)).failedAnalyses).toBe(1);
    const retry = await inject('POST', `/api/files/${broken.id}/analysis`, who);
    expect(retry.statusCode).toBe(202);
    expect(await dashboard(who)).toMatchObject({ failedAnalyses: 0, pendingAnalyses: 1, failures: [] });
  });
});
