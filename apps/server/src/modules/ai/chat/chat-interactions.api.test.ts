import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { exchangeRows } from '../../../../test/chat-exchange.fixture';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiLearningInteractions } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';
import { ChatExchangeRepository } from './chat-exchanges.repository';
import { CHAT_FALLBACK_TEXT } from './quality';

let standins: AiStandins;
let t: TestApp;

beforeAll(async () => {
  standins = await AiStandins.start();
  t = await createTestApp({ ...standins.env(), AI_CHAT_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await t?.close();
  await standins?.close();
});
beforeEach(async () => {
  standins.reset();
  aiServicesFor(t.app.ctx).registry.clearCooldowns();
  await aiServicesFor(t.app.ctx).registry.checkAll();
});

const db = () => t.app.ctx.database.db;
const chat = (who: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/ai/chat', headers: who.headers, payload });
const interactionsOf = (userId: string) =>
  db()
    .select()
    .from(aiLearningInteractions)
    .where(eq(aiLearningInteractions.userId, userId))
    .orderBy(asc(aiLearningInteractions.createdAt));
const interactionFor = async (messageId: string) =>
  (
    await db().select().from(aiLearningInteractions).where(eq(aiLearningInteractions.messageId, messageId))
  )[0];

/** On topic for the stand-in's reply ("Hello from the ollama stand-in, answering in several words."). */
const PYTHON_QUESTION = 'Say hello in several words, the way a Python script would';

describe('every chat exchange is an AI interaction', () => {
  it('records the question, the reply, its model, tokens, time, domain and conversation', async () => {
    const user = await createTestUser(t.app);
    const started = Date.now();
    const res = await chat(user, { message: PYTHON_QUESTION, provider: 'ollama' });
    const elapsed = Date.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    const rows = await interactionsOf(user.user.id);
    expect(rows).toHaveLength(1);
    const b = standins.ollama.behaviour;
    expect(rows[0]).toMatchObject({
      userId: user.user.id,
      messageId: reply.messageId,
      userQuery: PYTHON_QUESTION,
      aiResponse: reply.response,
      modelUsed: reply.model,
      tokensUsed: b.promptTokens + b.completionTokens,
      domain: 'python',
      userContext: { conversation_id: reply.conversationId },
      knowledgeUsed: [],
      satisfactionScore: null,
      wasHelpful: null,
    });
    expect(rows[0]?.responseTime).toBeGreaterThanOrEqual(0);
    expect(rows[0]?.responseTime).toBeLessThanOrEqual(elapsed);

    // The next exchange of the conversation (the statement that reads the owner from it).
    const next = await chat(user, {
      message: 'Say hello in several words for a Docker container',
      provider: 'ollama',
      conversationId: reply.conversationId,
    });
    expect(next.statusCode).toBe(200);
    const after = await interactionsOf(user.user.id);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({
      messageId: next.json().messageId,
      domain: 'devops',
      userContext: { conversation_id: reply.conversationId },
    });

    // The user reads them through the data call.
    const listed = await t.app.inject({ method: 'GET', url: '/api/ai/interactions', headers: user.headers });
    expect(
      listed
        .json()
        .data.map((i: { message_id: string }) => i.message_id)
        .sort(),
    ).toEqual([reply.messageId, next.json().messageId].sort());
  });

  it('records a streamed reply too', async () => {
    const user = await createTestUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat/stream',
      headers: user.headers,
      payload: { message: PYTHON_QUESTION, provider: 'ollama' },
    });
    const done = /event: done\ndata: (.*)\n/.exec(res.body)?.[1];
    const messageId = JSON.parse(done ?? '{}').messageId as string;
    expect(await interactionFor(messageId)).toMatchObject({ userId: user.user.id, domain: 'python' });
  });

  it('records the forced fallback as what was answered, and a failed call not at all', async () => {
    const user = await createTestUser(t.app);
    standins.ollama.set({ text: 'As an AI language model, I cannot help with that.' });
    const forced = await chat(user, { message: PYTHON_QUESTION, provider: 'ollama' });
    expect(forced.json().forced).toBe(true);
    expect(await interactionFor(forced.json().messageId)).toMatchObject({ aiResponse: CHAT_FALLBACK_TEXT });

    for (const s of Object.values(standins.all)) s.set({ chat: 'fail' });
    const failed = await chat(user, {
      message: 'Say goodbye in several words',
      provider: 'ollama',
      conversationId: forced.json().conversationId,
    });
    expect(failed.statusCode).toBe(503);
    // The failure is in the conversation (an error message) but is no interaction.
    expect((await interactionsOf(user.user.id)).map((i) => i.userQuery)).toEqual([PYTHON_QUESTION]);
  });
});

describe('feedback on a reply sets its interaction', () => {
  it.each([
    [5, 1, true],
    [4, 0.8, true],
    [3, 0.6, null],
    [2, 0.4, false],
    [1, 0.2, false],
  ])('rating %d -> satisfaction_score %d, was_helpful %s', async (rating, score, helpful) => {
    const user = await createTestUser(t.app);
    const { messageId } = (await chat(user, { message: PYTHON_QUESTION, provider: 'ollama' })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/ai/chat/${messageId}/feedback`,
      headers: user.headers,
      payload: { rating, comment: 'thanks' },
    });
    expect(res.statusCode).toBe(200);
    const row = await interactionFor(messageId);
    expect(row?.satisfactionScore).toBeCloseTo(score, 5);
    expect(row?.wasHelpful).toBe(helpful);
  });

  it('the newest rating wins', async () => {
    const user = await createTestUser(t.app);
    const { messageId } = (await chat(user, { message: PYTHON_QUESTION, provider: 'ollama' })).json();
    for (const rating of [1, 5]) {
      await t.app.inject({
        method: 'POST',
        url: `/api/ai/chat/${messageId}/feedback`,
        headers: user.headers,
        payload: { rating },
      });
    }
    expect(await interactionFor(messageId)).toMatchObject({ satisfactionScore: 1, wasHelpful: true });
  });

  it('a cleared or deleted conversation takes its interactions with it, and only its own', async () => {
    const user = await createTestUser(t.app);
    const first = (await chat(user, { message: PYTHON_QUESTION, provider: 'ollama' })).json();
    const kept = (await chat(user, { message: PYTHON_QUESTION, provider: 'ollama' })).json();
    expect(first.conversationId).not.toBe(kept.conversationId);
    expect(await interactionsOf(user.user.id)).toHaveLength(2);

    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/ai/conversations/${first.conversationId}`,
      headers: user.headers,
      payload: { clear: true },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await interactionsOf(user.user.id)).map((r) => r.messageId)).toEqual([kept.messageId]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/ai/conversations/${kept.conversationId}`,
      headers: user.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await interactionsOf(user.user.id)).toEqual([]);
  });
});

describe('the exchange statements, batched or alone', () => {
  it('takes knowledge_used from the reply’s metadata.sources, and skips failed replies, in every statement', async () => {
    const repo = new ChatExchangeRepository(db());
    const user = await createTestUser(t.app);
    const userId = user.user.id;
    const sources = [{ fileId: randomUUID(), name: 'notes.md', chunk: 3 }];
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await repo.startConversation(
      { id: a, userId, title: 'a' },
      exchangeRows(userId, 'What is SQL?', { metadata: { sources } }),
    );
    await repo.startConversations([
      { conversation: { id: b, userId, title: 'b' }, exchange: exchangeRows(userId, 'Explain CSS grid') },
      {
        conversation: { id: c, userId, title: 'c' },
        exchange: exchangeRows(userId, 'broken', { isError: true }),
      },
    ]);
    await repo.saveExchange({ id: a, userId }, exchangeRows(userId, 'More about SQL joins'), 20);
    await repo.saveExchanges(
      [
        { conversation: { id: b, userId }, exchange: exchangeRows(userId, 'And flexbox in CSS?') },
        {
          conversation: { id: c, userId },
          exchange: exchangeRows(userId, 'still broken', { isError: true }),
        },
      ],
      20,
    );
    const rows = await interactionsOf(userId);
    expect(rows.map((r) => [r.userQuery, r.domain, r.userContext])).toEqual([
      ['What is SQL?', 'database', { conversation_id: a }],
      ['Explain CSS grid', 'web_development', { conversation_id: b }],
      ['More about SQL joins', 'database', { conversation_id: a }],
      ['And flexbox in CSS?', 'web_development', { conversation_id: b }],
    ]);
    expect(rows[0]?.knowledgeUsed).toEqual(sources);
    expect(rows.slice(1).map((r) => r.knowledgeUsed)).toEqual([[], [], []]);
    // Two calls' tokens; from the question's arrival to the stored reply.
    expect(rows.map((r) => r.tokensUsed)).toEqual([42, 42, 42, 42]);
    expect(rows.map((r) => r.responseTime)).toEqual([252, 252, 252, 252]);
  });

  it('stores no interaction when the exchange fails, and no exchange without its interaction', async () => {
    const repo = new ChatExchangeRepository(db());
    const user = await createTestUser(t.app);
    const userId = user.user.id;
    const id = randomUUID();
    await repo.startConversation({ id, userId: user.user.id, title: 't' }, exchangeRows(userId, 'first'));
    expect((await interactionsOf(user.user.id)).map((r) => r.userQuery)).toEqual(['first']);
    // A deleted conversation (its interactions go with it): the next statement fails as a whole.
    await t.app.inject({ method: 'DELETE', url: `/api/ai/conversations/${id}`, headers: user.headers });
    await expect(
      repo.saveExchange({ id, userId }, exchangeRows(userId, 'after delete'), 20),
    ).rejects.toThrow();
    expect(await interactionsOf(user.user.id)).toEqual([]);
  });
});
