import { LEARNING_MESSAGES } from '@stratos/contracts/ai/learning.schema';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aiLearningFeedback } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';
import { learningTestApp, type Seed } from './learning.fixture';

const { s, data, cycle, interactions, count } = learningTestApp();

describe('a learning cycle', () => {
  it('applies the thresholds, finds patterns, asks the model about 5 and stores at most 10', async () => {
    const topics = ['docker', 'kubernetes', 'terraform', 'ansible', 'prometheus', 'grafana'];
    const rows: Seed[] = [];
    // 6 topics x 6 questions each: each word occurs 6 times (> 5), slow and badly rated.
    for (const [n, topic] of topics.entries()) {
      for (let i = 0; i < 6; i++) {
        rows.push({
          query: `${topic}?`,
          time: 4000 + n * 100,
          satisfaction: i < 2 ? 0.2 : 0.6,
          domain: 'devops',
        });
      }
    }
    rows.push({ query: 'old question about docker', time: 100000, satisfaction: 1, minutesAgo: 120 });
    await interactions(rows);
    // A different suggestion for each interaction (the same one repeated would be one improvement).
    let n = 0;
    s.standins.ollama.set({
      respond: () => `You should include a complete, runnable configuration example (${++n}).`,
    });
    const c = await cycle();
    expect(c.interactionsRead).toBe(36);
    expect(c.figures.avgResponseTime).toBeCloseTo(4250, 1);
    // 12 of 36 rated 0.2 (rating 1), 24 rated 0.6: mean 0.4667, error rate 1/3, accuracy 0.
    expect(c.figures.satisfaction).toBeCloseTo(0.4667, 3);
    expect(c.figures.errorRate).toBeCloseTo(0.3333, 3);
    expect(c.figures.accuracy).toBe(0);
    expect(c.figures.learningRate).toBeCloseTo(0.12, 5);
    expect(c.thresholdsExceeded).toEqual(['responseTime', 'satisfaction', 'errorRate']);
    expect(c.patterns).toHaveLength(5);
    expect(c.patterns.every((p: { frequency: number }) => p.frequency === 6)).toBe(true);
    expect(c).toMatchObject({
      modelStep: 'ok',
      interactionsAnalysed: 5,
      improvementsStored: 10,
      modelError: null,
    });
    const generations = s.standins.ollama.generations;
    expect(generations).toHaveLength(5);
    // The improvement prompt's reply is capped at 500 tokens (the Ollama adapter's field for it).
    for (const g of generations) expect(JSON.stringify(g.body)).toMatch(/"max_output_tokens":500/);
    expect(await count('ai_learning_patterns')).toBe(5);

    const list = (await data(s.root, 'GET', '/improvements')).improvements;
    expect(list).toHaveLength(10);
    const categories = new Set(list.map((i: { category: string }) => i.category));
    expect(categories).toEqual(new Set(['performance', 'response_quality', 'user_experience', 'knowledge']));
    // Section 5 mapping: "should" gives Medium, "Critical" High.
    const bySource = (s: string) => list.filter((i: { source: string }) => i.source === s);
    expect(
      bySource('threshold').find((i: { improvementType: string }) => i.improvementType === 'satisfaction')
        .priority,
    ).toBe('High');
    expect(
      bySource('threshold').find((i: { improvementType: string }) => i.improvementType === 'response_time')
        .priority,
    ).toBe('Medium');
    // 3 thresholds + 5 patterns + 5 model suggestions = 13 candidates: the High and widest first.
    expect(bySource('threshold')).toHaveLength(3);
    expect(bySource('threshold').every((i: { domain: string }) => i.domain === 'devops')).toBe(true);
  });

  it('marks a cycle a stopped process left running as failed', async () => {
    await s.t.app.ctx.database.db.execute(sql`insert into ai_learning_cycles (trigger) values ('schedule')`);
    const c = await cycle();
    const cycles = (await data(s.root, 'GET', '/cycles')).cycles;
    expect(cycles.map((x: { status: string }) => x.status)).toEqual(['succeeded', 'failed']);
    expect(cycles[0].id).toBe(c.id);
    expect(cycles[1].error).toBe('Interrupted: the process running it stopped');
  });

  it('reads at most 100 interactions of the last hour', async () => {
    await interactions(Array.from({ length: 120 }, (_, i) => ({ time: i < 100 ? 1000 : 9000 })));
    const c = await cycle();
    expect(c.interactionsRead).toBe(100);
    // The 100 newest (1000 ms each): under the threshold.
    expect(c.figures.avgResponseTime).toBe(1000);
    expect(c.thresholdsExceeded).toEqual([]);
    expect(c.patterns).toEqual([]);
  });

  it('processes unprocessed feedback in batches of 50, chat ratings included, once', async () => {
    const db = s.t.app.ctx.database.db;
    await db.insert(aiLearningFeedback).values(
      Array.from({ length: 119 }, (_, i) => ({
        source: 'console',
        rating: i < 70 ? 5 : i < 100 ? 1 : 3,
        text: `note ${i}`,
        sentiment: i < 70 ? 'positive' : i < 100 ? 'negative' : 'neutral',
      })),
    );
    // One chat rating, through the chat's own feedback call.
    await aiServicesFor(s.t.app.ctx).registry.checkAll();
    const reply = await s.t.app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: s.root.headers,
      payload: { message: 'Say hello in several words from a Python script', provider: 'ollama' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const rated = await s.t.app.inject({
      method: 'POST',
      url: `/api/ai/chat/${reply.json().messageId}/feedback`,
      headers: s.root.headers,
      payload: { rating: 1, comment: 'not what I asked' },
    });
    expect(rated.statusCode, rated.body).toBeLessThan(300);
    const c = await cycle();
    expect(c.feedback).toEqual({ processed: 120, positive: 70, negative: 31, neutral: 19, batches: 3 });
    expect(await count('ai_learning_feedback', sql`processed_at is null`)).toBe(0);
    const list = (await data(s.root, 'GET', '/improvements')).improvements;
    const fb = list.find((i: { source: string }) => i.source === 'feedback');
    expect(fb.description).toContain('31 of 120 feedback items processed were negative');
    const again = await cycle();
    expect(again.feedback.processed).toBe(0);
    expect(again.totals.feedbackProcessed).toBe(120);
  });

  it('still stores the threshold improvements when the model is down, and says so', async () => {
    await interactions([{ time: 7000, satisfaction: 0.2, domain: 'python' }]);
    s.standins.ollama.set({ chat: 'fail' });
    const c = await cycle();
    expect(c.modelStep).toBe('failed');
    expect(c.modelError).toContain(LEARNING_MESSAGES.modelStepFailed);
    expect(c.interactionsAnalysed).toBe(0);
    expect(c.improvementsStored).toBe(3);
    expect(c.status).toBe('succeeded');
  });

  it('keeps the latest 50 suggestions (applied ones stay)', async () => {
    const topics = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];
    await interactions(
      topics.flatMap((w) =>
        Array.from({ length: 6 }, () => ({ query: `tell me about ${w}code`, time: 5000, satisfaction: 0.2 })),
      ),
    );
    let n = 0;
    s.standins.ollama.set({ respond: () => `Consider answering with an example, variant ${++n}.` });
    const first = await cycle();
    expect(first.improvementsStored).toBe(10);
    const oldest = (await data(s.root, 'GET', '/improvements')).improvements.at(-1);
    await data(s.root, 'POST', `/improvements/${oldest.id}/apply`);
    for (let i = 0; i < 5; i++) await cycle();
    expect(await count('ai_learning_suggestions')).toBe(51);
    const list = (await data(s.root, 'GET', '/improvements')).improvements;
    expect(list).toHaveLength(50);
    const times = list.map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await count('ai_learning_improvements', sql`id = ${oldest.id}`)).toBe(1);
  });

  it('turns replies over 100 characters with more than 2 keywords into knowledge (score 0.7), once', async () => {
    const long =
      'Containers package an application with its dependencies; images are built from layered filesystems and containers share the host kernel.';
    await interactions([
      { query: 'What is a container image?', response: long, domain: 'devops' },
      { query: 'short', response: 'Too short to keep as knowledge at all.' },
      { query: 'rated badly', response: long, satisfaction: 0.2 },
    ]);
    // A badly rated reply is not knowledge: mark it unhelpful as a rating would.
    await s.t.app.ctx.database.db.execute(
      sql`update ai_learning_interactions set was_helpful = false where user_query = 'rated badly'`,
    );
    const c = await cycle();
    expect(c.knowledgeItemsCreated).toBe(1);
    const items = await s.t.app.ctx.database.db.execute(
      sql`select domain, type, content, relevance_score, source, keywords from ai_knowledge_base`,
    );
    const rows = (items as unknown as { rows: Array<Record<string, unknown>> }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      domain: 'devops',
      type: 'interaction',
      content: long,
      source: 'interaction',
    });
    expect(Number(rows[0]?.relevance_score)).toBeCloseTo(0.7, 5);
    expect((await cycle()).knowledgeItemsCreated).toBe(0);
    expect(await count('ai_knowledge_base')).toBe(1);
  });
});

describe('metrics and views from stored rows', () => {
  it('metrics come from the last 24 hours of interactions', async () => {
    const empty = await data(s.root, 'GET', '/metrics');
    expect(empty).toMatchObject({
      interactions: 0,
      accuracy: null,
      responseTime: null,
      userSatisfaction: null,
      learningRate: null,
    });
    await interactions([
      { satisfaction: 1, time: 1000 },
      { satisfaction: 0.8, time: 2000 },
      { satisfaction: 0.2, time: 3000 },
      { time: 6000 },
      { satisfaction: 0, time: 99999, minutesAgo: 25 * 60 },
    ]);
    const m = await data(s.root, 'GET', '/metrics');
    expect(m).toMatchObject({ interactions: 4, rated: 3, windowHours: 24, responseTime: 3000 });
    expect(m.userSatisfaction).toBeCloseTo(2 / 3, 3);
    expect(m.accuracy).toBeCloseTo(2 / 3, 3);
    expect(m.errorRate).toBeCloseTo(1 / 3, 3);
    expect(m.learningRate).toBeCloseTo(0.12, 5);
  });

  it('the exponential and enhanced views say so without cycles and follow the stored ones', async () => {
    const none = await data(s.root, 'GET', '/exponential');
    expect(none).toMatchObject({ cycles: 0, message: LEARNING_MESSAGES.noCycles });
    expect(
      none.factors.every(
        (f: { series: unknown[]; measured: unknown }) => f.series.length === 0 && f.measured === null,
      ),
    ).toBe(true);
    const enhancedNone = await data(s.root, 'GET', '/enhanced');
    expect(enhancedNone.thresholds.every((x: { state: string }) => x.state === 'no_data')).toBe(true);

    await interactions([{ time: 4000, satisfaction: 0.5 }]);
    const c1 = await cycle();
    await interactions([
      {
        time: 2000,
        satisfaction: 1,
        response:
          'Docker images are layered: each instruction adds a layer, and layers are cached between builds of the image.',
      },
    ]);
    const c2 = await cycle();
    const exp = await data(s.root, 'GET', '/exponential');
    expect(exp.cycles).toBe(2);
    const growth = exp.factors.find((f: { name: string }) => f.name === 'knowledgeGrowth');
    expect(growth.specMultiplier).toBe(1.1);
    expect(growth.series.map((s: { value: number }) => s.value)).toEqual([
      c1.totals.knowledgeItems,
      c2.totals.knowledgeItems,
    ]);
    const speed = exp.capabilities.find((f: { name: string }) => f.name === 'responseSpeed');
    expect(speed.series[1].multiplier).toBeCloseTo(
      c1.figures.avgResponseTime / c2.figures.avgResponseTime,
      3,
    );
    const enh = await data(s.root, 'GET', '/enhanced');
    expect(enh.series).toHaveLength(2);
    const rt = enh.thresholds.find((x: { metric: string }) => x.metric === 'responseTime');
    expect(rt).toMatchObject({
      threshold: 3000,
      target: 2000,
      latest: c2.figures.avgResponseTime,
      state: 'ok',
    });
    expect(enh.improvements.suggested).toBe((await data(s.root, 'GET', '/improvements')).improvements.length);
  });

  it('manual feedback: blank is ignored, otherwise stored unprocessed and rates its interaction', async () => {
    expect(await data(s.root, 'POST', '/feedback', { text: '   \n ' })).toEqual({
      ignored: true,
      reason: 'blank',
    });
    expect(await count('ai_learning_feedback')).toBe(0);
    await interactions([{ query: 'q' }]);
    const r = await s.t.app.ctx.database.db.execute(sql`select id from ai_learning_interactions limit 1`);
    const id = (r as unknown as { rows: { id: string }[] }).rows[0]?.id;
    const fb = await data(s.root, 'POST', '/feedback', { text: ' Too vague ', rating: 2, interactionId: id });
    expect(fb).toMatchObject({
      ignored: false,
      feedback: { text: 'Too vague', rating: 2, sentiment: 'negative', interactionId: id },
    });
    const row = await s.t.app.ctx.database.db.execute(
      sql`select satisfaction_score, was_helpful from ai_learning_interactions where id = ${id}`,
    );
    expect((row as unknown as { rows: Array<Record<string, unknown>> }).rows[0]).toMatchObject({
      was_helpful: false,
    });
    expect(await count('ai_learning_feedback', sql`processed_at is null`)).toBe(1);
  });
});
