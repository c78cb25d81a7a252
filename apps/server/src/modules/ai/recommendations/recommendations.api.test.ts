import { RECOMMENDATION_MESSAGES } from '@stratos/contracts/ai/recommendations.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../../../../test/files.fixture';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import {
  aiFileAnalyses,
  aiLearningImprovements,
  aiLearningInteractions,
  files,
} from '../../../db/schema/index';
import { analysisKey, learningKey } from './recommendation-key';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  alice = await createTestUser(t.app);
  bob = await createTestUser(t.app);
  const db = t.app.ctx.database.db;
  const seed = async (who: TestUser, name: string, recommendations: string[], completedAt: string) => {
    const file = await storeFile(t.app, {
      ownerId: who.user.id,
      name,
      data: `content of ${name}`,
      mimeType: 'text/plain',
    });
    await db.insert(aiFileAnalyses).values({
      fileId: file.id,
      userId: who.user.id,
      status: 'completed',
      summary: `About ${name}`,
      category: 'finance',
      recommendations,
      confidence: 0.9,
      runs: 1,
      completedAt: new Date(completedAt),
    });
    ids[name] = file.id;
  };
  await seed(
    alice,
    'budget.txt',
    ['Archive last year, it is done.', 'Urgent: the totals do not add up.'],
    '2026-01-02T10:00:00Z',
  );
  // The model repeated itself: one recommendation.
  await seed(
    alice,
    'plan.md',
    ['You should add dates to the plan.', 'You should add dates to the plan.'],
    '2026-01-03T10:00:00Z',
  );
  await seed(alice, 'old.txt', ['Rename this file.'], '2026-01-01T10:00:00Z');
  await db
    .update(files)
    .set({ deletedAt: new Date() })
    .where(eq(files.id, ids['old.txt'] as string));
  await seed(bob, 'bob.txt', ['Critical: bob only.'], '2026-01-04T10:00:00Z');

  const [mine] = await db
    .insert(aiLearningInteractions)
    .values({ userId: alice.user.id, userQuery: 'q', aiResponse: 'a' })
    .returning();
  const [theirs] = await db
    .insert(aiLearningInteractions)
    .values({ userId: bob.user.id, userQuery: 'q2', aiResponse: 'a2' })
    .returning();
  const [imp] = await db
    .insert(aiLearningImprovements)
    .values({
      improvementType: 'domain_guidance',
      description: 'Answers about budgets now cite the totals.',
      priority: 'Medium',
      category: 'response_quality',
      implementationStatus: 'completed',
      appliedAt: new Date('2026-01-05T00:00:00Z'),
      relatedInteractions: [mine?.id as string],
    })
    .returning();
  ids.improvement = imp?.id as string;
  await db.insert(aiLearningImprovements).values({
    improvementType: 'x',
    description: 'Only about bob.',
    relatedInteractions: [theirs?.id as string],
  });
});
afterAll(() => t?.close());

const list = async (who: TestUser, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/ai/recommendations${query}`,
    headers: who.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const setState = (who: TestUser, id: string, state: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ai/recommendations/state',
    headers: who.headers,
    payload: { id, state },
  });

describe('GET /api/ai/recommendations', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ai/recommendations' });
    expect(res.statusCode).toBe(401);
  });

  it("lists the user's own recommendations of live files and learning, high priority first", async () => {
    const data = await list(alice);
    expect(
      data.items.map((r: { text: string; priority: string; source: string }) => [
        r.source,
        r.priority,
        r.text,
      ]),
    ).toEqual([
      ['analysis', 'High', 'Urgent: the totals do not add up.'],
      ['learning', 'Medium', 'Answers about budgets now cite the totals.'],
      ['analysis', 'Medium', 'You should add dates to the plan.'],
      ['analysis', 'Low', 'Archive last year, it is done.'],
    ]);
    expect(data.counts).toEqual({ open: 4, done: 0, dismissed: 0 });
    const first = data.items[0];
    expect(first).toMatchObject({
      id: analysisKey(ids['budget.txt'] as string, 'Urgent: the totals do not add up.'),
      fileId: ids['budget.txt'],
      fileName: 'budget.txt',
      category: 'finance',
      createdAt: '2026-01-02T10:00:00.000Z',
      state: 'open',
    });
    expect(data.items[1]).toMatchObject({
      id: learningKey(ids.improvement as string),
      improvementStatus: 'completed',
      appliedAt: '2026-01-05T00:00:00.000Z',
      fileId: null,
    });
    expect((await list(alice, '?source=learning')).items).toHaveLength(1);
  });

  it('keeps a dismissal and a done mark, and reopens on request', async () => {
    const [urgent, learning] = (await list(alice)).items;
    const dismissed = await setState(alice, urgent.id, 'dismissed');
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().data.recommendation).toMatchObject({ id: urgent.id, state: 'dismissed' });
    expect((await setState(alice, learning.id, 'done')).statusCode).toBe(200);

    const open = await list(alice);
    expect(open.items.map((r: { id: string }) => r.id)).not.toContain(urgent.id);
    expect(open.counts).toEqual({ open: 2, done: 1, dismissed: 1 });
    expect((await list(alice, '?state=dismissed')).items.map((r: { id: string }) => r.id)).toEqual([
      urgent.id,
    ]);
    expect((await list(alice, '?state=all')).items).toHaveLength(4);

    const reopened = await setState(alice, urgent.id, 'open');
    expect(reopened.json().data.recommendation).toMatchObject({ state: 'open', stateChangedAt: null });
    expect((await list(alice)).counts).toEqual({ open: 3, done: 1, dismissed: 0 });
  });

  it("answers 404 for another user's recommendation and for an unknown id, changing nothing", async () => {
    const [urgent] = (await list(alice)).items;
    const res = await setState(bob, urgent.id, 'dismissed');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(RECOMMENDATION_MESSAGES.notFound);
    expect((await setState(alice, 'analysis:nope:0', 'done')).statusCode).toBe(404);
    expect((await list(alice)).counts.open).toBe(3);
    expect((await list(bob)).items.map((r: { text: string }) => r.text)).toEqual([
      'Critical: bob only.',
      'Only about bob.',
    ]);
  });

  it('refuses an unknown state', async () => {
    expect((await setState(alice, 'x', 'snoozed')).statusCode).toBe(400);
  });
});
