import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { learningTestApp } from './learning.fixture';
import { learningQueueFor, learningServiceFor } from './learning-services';

const { s, data, cycle, count, chat } = learningTestApp();

/** A reply the section 5 rule makes into knowledge: over 100 characters, many keywords. */
const LONG_REPLY =
  'Kubernetes schedules containers onto nodes; deployments describe replicas, services expose pods, ' +
  'and ingress controllers route external traffic to those services inside the cluster.';

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await s.t.app.ctx.database.db.execute(q)) as unknown as { rows: T[] }).rows;

const ask = async (message = 'How do kubernetes deployments and services work together?') => {
  s.standins.ollama.set({ text: LONG_REPLY });
  await chat(message);
  const [interaction] = await rows<{ id: string; created_at: string }>(
    sql`select id, created_at from ai_learning_interactions order by created_at desc limit 1`,
  );
  return interaction as { id: string; created_at: string };
};

const queued = () =>
  rows<{ interaction_id: string; due_at: string }>(sql`select interaction_id, due_at from ai_learning_queue`);
const drain = () => learningQueueFor(s.t.app.ctx).worker.drain();
const interactionKnowledge = () => count('ai_knowledge_base', sql`source = 'interaction'`);

describe('per-interaction learning, 1 s after a chat reply (part 2 section 4)', () => {
  it('queues nothing and learns nothing while learning is off', async () => {
    await ask();
    expect(await queued()).toEqual([]);
    expect(await drain()).toMatchObject({ on: false, learned: 0 });
    expect(await interactionKnowledge()).toBe(0);
  });

  it('while on: the reply’s statement queues its interaction due 1 s later; the worker then makes it knowledge once', async () => {
    await data(s.root, 'POST', '/start');
    const interaction = await ask();
    const [row] = await queued();
    expect(row?.interaction_id).toBe(interaction.id);
    const delay = new Date(row?.due_at as string).getTime() - new Date(interaction.created_at).getTime();
    expect(delay).toBeGreaterThan(500);
    expect(delay).toBeLessThan(1500);

    // Not due yet: a drain right away takes nothing; once due, one drain learns from it.
    expect(await drain()).toMatchObject({ on: true, learned: 0 });
    await vi.waitFor(
      async () => {
        const r = await drain();
        expect(r.learned).toBe(1);
        expect(r.knowledgeItems).toBe(1);
      },
      { timeout: 5000, interval: 100 },
    );
    const [item] = await rows<{ relevance_score: number; type: string; content: string; domain: string }>(
      sql`select relevance_score, type, content, domain from ai_knowledge_base where source = 'interaction'`,
    );
    expect(item).toMatchObject({ type: 'interaction', content: LONG_REPLY });
    expect(Number(item?.relevance_score)).toBeCloseTo(0.7);
    expect(await queued()).toEqual([]);

    // Deduplicated per interaction: queued again, or read by a cycle, it is not stored twice.
    await learningQueueFor(s.t.app.ctx).worker.drain();
    const c = await cycle();
    expect(c.knowledgeItemsCreated).toBe(0);
    expect(await interactionKnowledge()).toBe(1);
  });

  it('a short reply is learned from (dequeued) but makes no knowledge; a known pattern word is observed again', async () => {
    await data(s.root, 'POST', '/start');
    await learningServiceFor(s.t.app.ctx).repo.savePatterns(
      [{ word: 'kubernetes', frequency: 6, domains: ['devops'] }],
      10,
    );
    await s.t.app.ctx.database.db.execute(
      sql`update ai_learning_patterns set last_observed = now() - interval '2 days'`,
    );
    s.standins.ollama.set({ text: 'Yes, it does.' });
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: s.root.headers,
      payload: { message: 'Does kubernetes restart crashed pods?', provider: 'ollama' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(
      async () => {
        const r = await drain();
        expect(r).toMatchObject({ learned: 1, knowledgeItems: 0, patternsObserved: 1 });
      },
      { timeout: 5000, interval: 100 },
    );
    const [p] = await rows<{ recent: boolean }>(
      sql`select last_observed > now() - interval '1 minute' as recent from ai_learning_patterns`,
    );
    expect(p?.recent).toBe(true);
    expect(await interactionKnowledge()).toBe(0);
  });

  it('the kill switch queues nothing; stopping learning leaves queued rows untouched until it is on again', async () => {
    await data(s.root, 'POST', '/start');
    await data(s.root, 'PUT', '/kill-switch', { disabled: true });
    await ask();
    expect(await queued()).toEqual([]);
    await data(s.root, 'PUT', '/kill-switch', { disabled: false });

    const interaction = await ask();
    expect((await queued()).map((q) => q.interaction_id)).toEqual([interaction.id]);
    await data(s.root, 'POST', '/stop');
    await s.t.app.ctx.database.db.execute(
      sql`update ai_learning_queue set due_at = now() - interval '1 second'`,
    );
    expect(await drain()).toMatchObject({ on: false, learned: 0 });
    expect(await queued()).toHaveLength(1);
    expect(await interactionKnowledge()).toBe(0);

    await data(s.root, 'POST', '/start');
    expect(await drain()).toMatchObject({ on: true, learned: 1, knowledgeItems: 1 });
  });

  it('a row a dead worker claimed is taken again once its lease passes', async () => {
    await data(s.root, 'POST', '/start');
    const interaction = await ask();
    await s.t.app.ctx.database.db.execute(
      sql`update ai_learning_queue set due_at = now() - interval '1 second', attempts = 1,
        lease_owner = 'dead-process', lease_until = now() + interval '1 minute'`,
    );
    expect(await drain()).toMatchObject({ learned: 0 });
    await s.t.app.ctx.database.db.execute(
      sql`update ai_learning_queue set lease_until = now() - interval '1 second'`,
    );
    expect(await drain()).toMatchObject({ learned: 1, knowledgeItems: 1 });
    expect(await count('ai_learning_derived_knowledge', sql`interaction_id = ${interaction.id}`)).toBe(1);
  });

  it('the status the console reads counts the interactions waiting and says when the oldest was queued', async () => {
    await data(s.root, 'POST', '/start');
    expect((await data(s.root, 'GET', '/status')).queue).toEqual({ waiting: 0, oldestQueuedAt: null });

    await ask();
    await ask('How do I roll back a kubernetes deployment to its previous revision?');
    const [oldest] = await rows<{ created_at: string }>(
      sql`select created_at from ai_learning_queue order by created_at limit 1`,
    );
    const status = await data(s.root, 'GET', '/status');
    expect(status.queue.waiting).toBe(2);
    expect(new Date(status.queue.oldestQueuedAt).getTime()).toBe(
      new Date(oldest?.created_at as string).getTime(),
    );

    await s.t.app.ctx.database.db.execute(
      sql`update ai_learning_queue set due_at = now() - interval '1 second'`,
    );
    expect(await drain()).toMatchObject({ learned: 2 });
    expect((await data(s.root, 'GET', '/status')).queue).toEqual({ waiting: 0, oldestQueuedAt: null });
  });
});
