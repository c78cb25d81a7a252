import { LEARNING_MESSAGES, learningProgressSchema } from '@stratos/contracts/ai/learning.schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTwoProcessApps, type TestApp, testDbKind } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiLearningInteractions, aiLearningSuggestions } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';
import { learningTestApp, type Method } from './learning.fixture';
import { learningServiceFor } from './learning-services';

const { s, call, data, cycle, interactions, count, prompts } = learningTestApp();

describe('access and refusals', () => {
  it('is the superadmin’s alone: 401 without a token, 403 with the spec’s message for anyone else', async () => {
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/status'],
      ['POST', '/start'],
      ['POST', '/stop'],
      ['PUT', '/kill-switch', { disabled: true }],
      ['POST', '/cycle'],
      ['GET', '/cycles'],
      ['GET', '/progress'],
      ['GET', '/improvements'],
      ['POST', '/improvements/00000000-0000-4000-8000-000000000000/apply'],
      ['POST', '/improvements/00000000-0000-4000-8000-000000000000/revert'],
      ['GET', '/metrics'],
      ['GET', '/exponential'],
      ['GET', '/enhanced'],
      ['POST', '/feedback', { text: 'x' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(null, method, url, payload)).statusCode, url).toBe(401);
      const res = await call(s.admin, method, url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe(LEARNING_MESSAGES.databaseAccess);
    }
    expect(await count('ai_learning_cycles')).toBe(0);
  });

  it('starts only when the local model answers its connection test, and stops', async () => {
    s.standins.ollama.set({ health: 'fail' });
    const down = await call(s.root, 'POST', '/start');
    expect(down.statusCode).toBe(503);
    expect(down.json().error.message).toBe('Ollama not available for learning');
    expect((await data(s.root, 'GET', '/status')).enabled).toBe(false);

    s.standins.ollama.set({ health: 'ok' });
    const on = await data(s.root, 'POST', '/start');
    expect(on).toMatchObject({ enabled: true, killSwitch: false, running: false, lastCycle: null });
    expect(on.nextCycleAt).not.toBeNull();
    expect(s.standins.ollama.requests.some((r) => r.method === 'GET' && r.path.startsWith('/api/tags'))).toBe(
      true,
    );
    const off = await data(s.root, 'POST', '/stop');
    expect(off).toMatchObject({ enabled: false, nextCycleAt: null });
  });

  it('the kill switch refuses start and cycles, and the scheduled cycle does nothing', async () => {
    await data(s.root, 'POST', '/start');
    const killed = await data(s.root, 'PUT', '/kill-switch', { disabled: true });
    expect(killed).toMatchObject({ enabled: true, killSwitch: true, nextCycleAt: null });
    for (const url of ['/start', '/cycle']) {
      const res = await call(s.root, 'POST', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe('AI learning is currently disabled');
    }
    await s.t.app.ctx.jobs.runNow('ai.learning');
    expect(await count('ai_learning_cycles')).toBe(0);

    await data(s.root, 'PUT', '/kill-switch', { disabled: false });
    await s.t.app.ctx.jobs.runNow('ai.learning');
    const cycles = (await data(s.root, 'GET', '/cycles')).cycles;
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ trigger: 'schedule', status: 'succeeded' });
  });

  it('answers 400 to bad input and 404 to an unknown improvement or interaction', async () => {
    expect((await call(s.root, 'PUT', '/kill-switch', { disabled: 'yes' })).statusCode).toBe(400);
    expect((await call(s.root, 'PUT', '/kill-switch', {})).statusCode).toBe(400);
    expect((await call(s.root, 'GET', '/cycles?limit=0')).statusCode).toBe(400);
    expect((await call(s.root, 'POST', '/improvements/not-a-uuid/apply')).statusCode).toBe(400);
    expect((await call(s.root, 'POST', '/feedback', { text: 'ok', rating: 6 })).statusCode).toBe(400);
    expect((await call(s.root, 'POST', '/feedback', {})).statusCode).toBe(400);
    for (const url of ['apply', 'revert']) {
      const res = await call(s.root, 'POST', `/improvements/00000000-0000-4000-8000-000000000000/${url}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(LEARNING_MESSAGES.improvementNotFound);
    }
    const res = await call(s.root, 'POST', '/feedback', {
      text: 'about a missing one',
      interactionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(404);
    expect(await count('ai_learning_feedback')).toBe(0);
  });

  it('refuses a second cycle while one runs (409) and streams the running one live', async () => {
    await interactions([{ satisfaction: 0.2 }]);
    let open!: () => void;
    s.standins.ollama.set({ gate: new Promise<void>((r) => (open = r)) });
    const first = call(s.root, 'POST', '/cycle');
    for (let i = 0; i < 100 && !(await data(s.root, 'GET', '/status')).running; i++)
      await new Promise((r) => setTimeout(r, 20));
    const second = await call(s.root, 'POST', '/cycle');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(LEARNING_MESSAGES.cycleRunning);
    const stream = call(s.root, 'GET', '/progress');
    await new Promise((r) => setTimeout(r, 100));
    open();
    expect((await first).statusCode).toBe(200);
    const body = (await stream).body;
    const events = body.split('\n\n').flatMap((block) => {
      const e = block.split('\n').find((l) => l.startsWith('event: '));
      const d = block.split('\n').find((l) => l.startsWith('data: '));
      return e && d
        ? [{ event: e.slice(7), data: learningProgressSchema.parse(JSON.parse(d.slice(6))) }]
        : [];
    });
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'succeeded', isRunning: false } });
    expect(events.some((e) => e.event === 'progress' && e.data.step === 'model')).toBe(true);
    expect(events.some((e) => e.data.step === 'knowledge' && e.event === 'progress')).toBe(true);
    // Nothing running now: one idle event.
    expect((await call(s.root, 'GET', '/progress')).body).toContain('event: idle');
    expect(await count('ai_learning_cycles')).toBe(1);
  });
});

describe('applying an improvement', () => {
  it('adds its guidance to the assistant’s prompt for that domain, and reverting removes it', async () => {
    await interactions(
      Array.from({ length: 3 }, () => ({
        query: 'How do python decorators work?',
        domain: 'python',
        satisfaction: 0.2,
        time: 1000,
      })),
    );
    const c = await cycle();
    expect(c.improvementsStored).toBeGreaterThan(0);
    const list = (await data(s.root, 'GET', '/improvements')).improvements;
    const target = list.find((i: { improvementType: string }) => i.improvementType === 'satisfaction');
    expect(target).toMatchObject({ domain: 'python', active: false, appliedAt: null });

    const question = 'Say hello in several words from a Python script';
    expect(await prompts(question)).not.toContain(target.guidance);

    const applied = (await data(s.root, 'POST', `/improvements/${target.id}/apply`)).improvement;
    expect(applied).toMatchObject({ active: true, implementationStatus: 'completed' });
    expect(applied.appliedAt).not.toBeNull();
    expect(applied.successMetrics.before).toMatchObject({ interactions: 4, rated: 3 });
    expect((await call(s.root, 'POST', `/improvements/${target.id}/apply`)).statusCode).toBe(409);

    expect(await prompts(question)).toContain(target.guidance);
    // Another domain's question does not get it.
    expect(await prompts('Say hello in several words from a Docker container')).not.toContain(
      target.guidance,
    );

    const after = (await data(s.root, 'GET', '/improvements')).improvements.find(
      (i: { id: string }) => i.id === target.id,
    );
    // The python chat since applying (the docker one is another domain), unrated.
    expect(after.successMetrics.after).toMatchObject({ interactions: 1, rated: 0 });

    // The kill switch stops everything learned from reaching the assistant.
    await data(s.root, 'PUT', '/kill-switch', { disabled: true });
    expect(await prompts(question)).not.toContain(target.guidance);
    await data(s.root, 'PUT', '/kill-switch', { disabled: false });
    expect(await prompts(question)).toContain(target.guidance);

    const reverted = (await data(s.root, 'POST', `/improvements/${target.id}/revert`)).improvement;
    expect(reverted).toMatchObject({ active: false });
    expect(reverted.revertedAt).not.toBeNull();
    expect(await prompts(question)).not.toContain(target.guidance);
    expect((await call(s.root, 'POST', `/improvements/${target.id}/revert`)).statusCode).toBe(409);
  });
});

describe('guidance of a domain the chat never files questions under', () => {
  it('reaches every question, as the console shows it (no domain)', async () => {
    // 'security' is one of the seed's thirty domains, not one the chat classifies a question into.
    await interactions(
      Array.from({ length: 3 }, () => ({
        query: 'How do I rotate the keys of my security tokens?',
        domain: 'security',
        satisfaction: 0.2,
        time: 1000,
      })),
    );
    await cycle();
    const list = (await data(s.root, 'GET', '/improvements')).improvements;
    const [row] = await s.t.app.ctx.database.db
      .select({ improvementId: aiLearningSuggestions.improvementId })
      .from(aiLearningSuggestions)
      .where(eq(aiLearningSuggestions.domain, 'security'));
    const target = list.find((i: { id: string }) => i.id === row?.improvementId);
    expect(target).toMatchObject({ domain: null, active: false });
    await data(s.root, 'POST', `/improvements/${target.id}/apply`);
    expect(await prompts('How do I plan my week better?')).toContain(target.guidance);
    expect(await prompts('Say hello in several words from a Python script')).toContain(target.guidance);
    await data(s.root, 'POST', `/improvements/${target.id}/revert`);
    expect(await prompts('How do I plan my week better?')).not.toContain(target.guidance);
  });
});

describe.runIf(testDbKind === 'postgres')('learning across two API processes', () => {
  it('one cycle at a time cluster-wide; the other process streams its progress from the lease row', async () => {
    const pair = await createTwoProcessApps({ ...s.standins.env(false) });
    try {
      const a = await createTestUser(pair.a.app, { role: 'superadmin' });
      const b = await createTestUser(pair.b.app, { role: 'superadmin' });
      for (const p of [pair.a, pair.b]) {
        await aiServicesFor(p.app.ctx).registry.checkAll();
        learningServiceFor(p.app.ctx).analysePauseMs = 0;
      }
      await pair.a.app.ctx.database.db
        .insert(aiLearningInteractions)
        .values({ userQuery: 'q', aiResponse: 'a', satisfactionScore: 0.2, responseTime: 100 });
      let open!: () => void;
      s.standins.ollama.set({ gate: new Promise<void>((r) => (open = r)) });
      const inject = (p: TestApp, who: TestUser, method: Method, url: string) =>
        p.app.inject({ method, url: `/api/ai/learning${url}`, headers: who.headers });
      const running = inject(pair.a, a, 'POST', '/cycle');
      for (let i = 0; i < 200 && !(await learningServiceFor(pair.b.app.ctx).running()); i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      const refused = await inject(pair.b, b, 'POST', '/cycle');
      expect(refused.statusCode).toBe(409);
      expect((await inject(pair.b, b, 'GET', '/status')).json().data.running).toBe(true);
      const stream = inject(pair.b, b, 'GET', '/progress');
      await new Promise((r) => setTimeout(r, 200));
      open();
      expect((await running).statusCode).toBe(200);
      const body = (await stream).body;
      expect(body).toContain('event: progress');
      expect(body).toContain('event: done');
      expect(body).toContain('"status":"succeeded"');
    } finally {
      await pair.close();
    }
  });
});
