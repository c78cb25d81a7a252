import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiStandins } from '../../../test/ai-standins';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { upload } from '../../../test/upload.fixture';
import { createTestUser } from '../../../test/users.fixture';
import { defineJob } from '../../jobs/job';
import { aiServicesFor } from '../../modules/ai/providers/ai-services';

/** The value of one sample in Prometheus's text format, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = line.slice(name.length).match(/^\{([^}]*)\}/)?.[1] ?? '';
    const have = inside ? inside.split(',') : [];
    if (wanted.every((w) => have.includes(w))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('GET /metrics with METRICS_ENABLED=true', () => {
  let t: TestApp;
  let standins: AiStandins;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };
  beforeAll(async () => {
    standins = await AiStandins.start();
    t = await createTestApp({ ...standins.env(), METRICS_ENABLED: 'true' });
  });
  afterAll(async () => {
    await t?.close();
    await standins?.close();
  });

  it('times requests by route pattern, never by raw URL', async () => {
    const { headers } = await createTestUser(t.app);
    for (const id of ['0b7f4c1e-0000-4000-8000-000000000001', '0b7f4c1e-0000-4000-8000-000000000002']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/files/${id}/download`, headers });
      expect(res.statusCode).toBe(400);
    }
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const text = await scrape();
    const byPattern = { method: 'GET', route: '/api/files/:id/download', status_code: '400' };
    expect(sample(text, 'http_request_duration_seconds_count', byPattern)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/health' })).toBe(1);
    expect(text).not.toContain('0b7f4c1e-');
    // Node's own figures come along (memory, event loop).
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts stored uploads and their bytes', async () => {
    const { headers } = await createTestUser(t.app);
    const before = sample(await scrape(), 'stratos_upload_bytes_total', { via: 'multipart' }) ?? 0;
    for (const size of [1000, 2345]) {
      const res = await upload(t.app, headers, { data: randomBytes(size) });
      expect(res.statusCode).toBe(201);
    }
    const text = await scrape();
    expect(sample(text, 'stratos_uploads_total', { via: 'multipart' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'stratos_upload_bytes_total', { via: 'multipart' })).toBe(before + 3345);
  });

  it('counts job runs by outcome', async () => {
    t.app.ctx.jobs.register(
      defineJob({
        name: 'metrics-probe',
        intervalMs: 60_000,
        payload: z.object({ fail: z.boolean() }),
        defaultPayload: { fail: false },
        handler: async ({ fail }) => {
          if (fail) throw new Error('planned failure');
        },
      }),
    );
    expect(await t.app.ctx.jobs.runNow('metrics-probe', { fail: false })).toBe(true);
    expect(await t.app.ctx.jobs.runNow('metrics-probe', { fail: true })).toBe(true);
    const text = await scrape();
    expect(sample(text, 'stratos_job_runs_total', { job: 'metrics-probe', outcome: 'succeeded' })).toBe(1);
    expect(sample(text, 'stratos_job_runs_total', { job: 'metrics-probe', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'stratos_job_duration_seconds_count', { job: 'metrics-probe' })).toBe(2);
  });

  it('counts AI calls and what they cost', async () => {
    const ai = aiServicesFor(t.app.ctx);
    await ai.registry.checkAll();
    const { user } = await createTestUser(t.app);
    const reply = await ai.router.generate({
      userId: user.id,
      prompt: 'Say hello please',
      provider: 'openai',
      operation: 'chat',
    });
    expect(reply.provider).toBe('openai');
    const text = await scrape();
    expect(sample(text, 'stratos_ai_calls_total', { provider: 'openai', outcome: 'success' })).toBe(1);
    // 12 prompt and 8 completion tokens from the stand-in, at gpt-3.5's list price.
    expect(sample(text, 'stratos_ai_cost_dollars_total', { provider: 'openai' })).toBeCloseTo(
      20 * 0.000002,
      12,
    );
  });
});

describe('GET /metrics when disabled', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404, and no request is timed', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'Not found' } });
    expect(t.app.ctx.metrics.requests).toBeNull();
  });
});
