import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiChatMessages, aiConversations, aiUsageLog } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';
import { ChatRepository } from './chat.repository';
import { ChatExchangeBatcher } from './chat-exchange-batcher';
import { ChatExchangeRepository, type ExchangeRows } from './chat-exchanges.repository';
import { CHAT_ERROR_TEXT, CHAT_FALLBACK_TEXT } from './quality';

let standins: AiStandins;
let t: TestApp;

beforeAll(async () => {
  standins = await AiStandins.start();
  // The suite makes more chat calls from one address than a minute's default allowance.
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
afterEach(() => standins.reset());

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who?: TestUser,
  payload?: unknown,
) => t.app.inject({ method, url, headers: who?.headers, payload: payload as object });

/** Asks about the stand-in's own words, so its reply is on topic. */
const ON_TOPIC = 'Say hello in several words';

/** A user's AI usage rows of answering, oldest first (not the question's embedding for file retrieval). */
const usageRows = (userId: string) =>
  t.app.ctx.database.db
    .select()
    .from(aiUsageLog)
    .where(and(eq(aiUsageLog.userId, userId), ne(aiUsageLog.operation, 'embedding')))
    .orderBy(asc(aiUsageLog.id));

type Sent = { role: string; content: unknown };
const lastOllamaMessages = (): Sent[] =>
  (standins.ollama.generations.at(-1)?.body as { messages?: Sent[] } | undefined)?.messages ?? [];

function parseSse(body: string): Array<{ event: string; data: Record<string, unknown> }> {
  return body
    .split('\n\n')
    .filter((b) => b.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
      return { event, data };
    });
}

describe('POST /api/ai/chat', () => {
  it('needs a signed-in user', async () => {
    expect((await inject('POST', '/api/ai/chat', undefined, { message: 'hi' })).statusCode).toBe(401);
  });

  it('answers, judges the reply and stores the conversation', async () => {
    const user = await createTestUser(t.app);
    const res = await inject('POST', '/api/ai/chat', user, { message: ON_TOPIC, provider: 'ollama' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      response: standins.ollama.behaviour.text,
      provider: 'ollama',
      attempts: 1,
      forced: false,
    });
    expect(body.model).toContain('llama3.2');
    expect(['poor', 'fair', 'good', 'excellent']).toContain(body.quality.category);
    expect(body.quality.score).toBeGreaterThan(0.1);
    // Temperature defaults to 0.8.
    const sent = standins.ollama.generations.at(-1)?.body as { temperature?: number };
    expect(sent.temperature).toBe(0.8);

    const list = await inject('GET', '/api/ai/conversations', user);
    expect(list.json().data.conversations).toEqual([
      expect.objectContaining({ id: body.conversationId, title: ON_TOPIC, messageCount: 2 }),
    ]);
    const open = await inject('GET', `/api/ai/conversations/${body.conversationId}`, user);
    expect(
      open.json().data.messages.map((m: { role: string; content: string }) => [m.role, m.content]),
    ).toEqual([
      ['user', ON_TOPIC],
      ['assistant', standins.ollama.behaviour.text],
    ]);
    expect(open.json().data.messages[1]).toMatchObject({
      id: body.messageId,
      quality: body.quality,
      attempt: 1,
    });
    // The call's usage row, stored in the exchange's statement.
    expect(await usageRows(user.user.id)).toEqual([
      expect.objectContaining({
        provider: 'ollama',
        model: body.model,
        operation: 'chat',
        success: true,
        promptTokens: standins.ollama.behaviour.promptTokens,
        completionTokens: standins.ollama.behaviour.completionTokens,
        streamed: false,
      }),
    ]);
  });

  it('sends the last 4 turns of history in the prompt and keeps the last 10', async () => {
    const user = await createTestUser(t.app);
    let conversationId: string | undefined;
    for (let i = 1; i <= 11; i++) {
      const res = await inject('POST', '/api/ai/chat', user, {
        message: `${ON_TOPIC} number ${i}`,
        provider: 'ollama',
        conversationId,
      });
      expect(res.statusCode).toBe(200);
      conversationId = res.json().conversationId;
      const messages = lastOllamaMessages().filter((m) => m.role !== 'system');
      const expectedTurns = Math.min(i - 1, 4);
      expect(messages).toHaveLength(expectedTurns * 2 + 1);
      expect(messages.at(-1)).toMatchObject({ role: 'user', content: `${ON_TOPIC} number ${i}` });
      if (i === 6) {
        expect(messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(
          [2, 3, 4, 5, 6].map((n) => `${ON_TOPIC} number ${n}`),
        );
        expect(messages.filter((m) => m.role === 'assistant')).toHaveLength(4);
      }
    }
    const open = await inject('GET', `/api/ai/conversations/${conversationId}`, user);
    const kept = open.json().data.messages as Array<{ role: string; content: string }>;
    expect(kept).toHaveLength(20);
    expect(kept[0]).toMatchObject({ role: 'user', content: `${ON_TOPIC} number 2` });
  });

  it('retries a canned reply with stricter prompts, then gives the fixed fallback flagged forced', async () => {
    const user = await createTestUser(t.app);
    standins.ollama.set({ text: 'As an AI language model, I cannot help with that.' });
    const res = await inject('POST', '/api/ai/chat', user, { message: ON_TOPIC, provider: 'ollama' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      response: CHAT_FALLBACK_TEXT,
      attempts: 3,
      forced: true,
      quality: { category: 'forced' },
    });
    const systems = standins.ollama.generations.map(
      (g) => (g.body as { messages: Sent[] }).messages.find((m) => m.role === 'system')?.content as string,
    );
    expect(systems).toHaveLength(3);
    expect(systems[1]?.length).toBeGreaterThan(systems[0]?.length ?? 0);
    expect(systems[2]?.length).toBeGreaterThan(systems[1]?.length ?? 0);
    // Every attempt was a real call, and each is logged.
    const rows = await usageRows(user.user.id);
    expect(rows.map((r) => [r.operation, r.success])).toEqual([
      ['chat', true],
      ['chat', true],
      ['chat', true],
    ]);
  });

  it('says No AI providers available (503) when none is', async () => {
    const user = await createTestUser(t.app);
    for (const s of Object.values(standins.all)) s.set({ health: 'fail' });
    await aiServicesFor(t.app.ctx).registry.checkAll();
    const res = await inject('POST', '/api/ai/chat', user, { message: ON_TOPIC });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: 'AI_NO_PROVIDERS', message: 'No AI providers available' });
    expect((await inject('GET', '/api/ai/conversations', user)).json().data.conversations).toEqual([]);
  });

  it('rejects bad bodies with 400', async () => {
    const user = await createTestUser(t.app);
    for (const body of [
      {},
      { message: '' },
      { message: '   ' },
      { message: 'hi', temperature: 0.05 },
      { message: 'hi', temperature: 1.1 },
      { message: 'hi', provider: 'nobody' },
      { message: 'hi', conversationId: '' },
      { message: 'hi', conversationId: 'x'.repeat(101) },
      { message: 'hi', conversationId: 'line\nbreak' },
      { message: 'hi', maxRetries: 4 },
      { message: 'hi', unexpected: true },
    ]) {
      expect((await inject('POST', '/api/ai/chat', user, body)).statusCode, JSON.stringify(body)).toBe(400);
      expect((await inject('POST', '/api/ai/chat/stream', user, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
  });
});

describe('failed calls and the prompt', () => {
  type Stored = {
    role: string;
    content: string;
    isError: boolean;
    forced: boolean;
    quality: { category: string };
  };
  const stored = async (user: TestUser, id: string) =>
    (await inject('GET', `/api/ai/conversations/${id}`, user)).json().data.messages as Stored[];
  const failAll = () => {
    for (const s of Object.values(standins.all)) s.set({ chat: 'fail' });
  };
  const sentContents = () =>
    lastOllamaMessages()
      .filter((m) => m.role !== 'system')
      .map((m) => [m.role, m.content]);

  it('keeps the forced fallback in history but never sends it back to the model', async () => {
    const user = await createTestUser(t.app);
    standins.ollama.set({ text: 'As an AI language model, I cannot help with that.' });
    const first = await inject('POST', '/api/ai/chat', user, { message: ON_TOPIC, provider: 'ollama' });
    expect(first.json().forced).toBe(true);
    const conversationId = first.json().conversationId as string;

    standins.ollama.reset();
    const second = await inject('POST', '/api/ai/chat', user, {
      message: `${ON_TOPIC} again`,
      provider: 'ollama',
      conversationId,
    });
    expect(second.statusCode).toBe(200);
    // The unanswered question stays as context; the fallback text does not.
    expect(sentContents()).toEqual([
      ['user', ON_TOPIC],
      ['user', `${ON_TOPIC} again`],
    ]);
    expect((await stored(user, conversationId)).map((m) => m.content)).toEqual([
      ON_TOPIC,
      CHAT_FALLBACK_TEXT,
      `${ON_TOPIC} again`,
      standins.ollama.behaviour.text,
    ]);
  });

  it('stores a failed call in an existing conversation as an error message, answers the same error, and leaves it out of later prompts', async () => {
    const user = await createTestUser(t.app);
    const first = await inject('POST', '/api/ai/chat', user, { message: ON_TOPIC, provider: 'ollama' });
    const conversationId = first.json().conversationId as string;

    failAll();
    const failed = await inject('POST', '/api/ai/chat', user, {
      message: 'Say goodbye in several words',
      provider: 'ollama',
      conversationId,
    });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toMatchObject({ code: 'AI_ALL_FAILED', message: 'All AI providers failed' });
    const afterFailure = await stored(user, conversationId);
    expect(afterFailure).toHaveLength(4);
    expect(afterFailure[2]).toMatchObject({
      role: 'user',
      content: 'Say goodbye in several words',
      isError: false,
    });
    expect(afterFailure[3]).toMatchObject({
      role: 'assistant',
      content: `${CHAT_ERROR_TEXT}: All AI providers failed`,
      isError: true,
      forced: false,
      quality: { category: 'error', score: 0, issues: ['All AI providers failed'] },
    });

    standins.reset();
    aiServicesFor(t.app.ctx).registry.clearCooldowns();
    const third = await inject('POST', '/api/ai/chat', user, {
      message: `${ON_TOPIC} once more`,
      provider: 'ollama',
      conversationId,
    });
    expect(third.statusCode).toBe(200);
    expect(sentContents()).toEqual([
      ['user', ON_TOPIC],
      ['assistant', standins.ollama.behaviour.text],
      ['user', 'Say goodbye in several words'],
      ['user', `${ON_TOPIC} once more`],
    ]);
  });

  it('leaves nothing behind when the first call of a new conversation fails', async () => {
    const user = await createTestUser(t.app);
    failAll();
    const res = await inject('POST', '/api/ai/chat', user, { message: ON_TOPIC, provider: 'ollama' });
    expect(res.statusCode).toBe(503);
    const streamed = await inject('POST', '/api/ai/chat/stream', user, {
      message: ON_TOPIC,
      provider: 'ollama',
    });
    expect(streamed.statusCode).toBe(503);
    expect((await inject('GET', '/api/ai/conversations', user)).json().data.conversations).toEqual([]);
  });

  it('stores a stream that broke after its first token as an error message and ends with its error event', async () => {
    const user = await createTestUser(t.app);
    const first = await inject('POST', '/api/ai/chat', user, { message: ON_TOPIC, provider: 'ollama' });
    const conversationId = first.json().conversationId as string;

    standins.ollama.set({ chat: 'break-after-first' });
    const res = await inject('POST', '/api/ai/chat/stream', user, {
      message: 'Say goodbye in several words',
      provider: 'ollama',
      conversationId,
    });
    const last = parseSse(res.body).at(-1);
    expect(last).toMatchObject({
      event: 'error',
      data: { success: false, error: { code: 'AI_STREAM_FAILED' } },
    });
    const message = (last?.data.error as { message?: string } | undefined)?.message ?? '';
    expect(message).toMatch(/^Ollama/);
    const messages = await stored(user, conversationId);
    expect(messages).toHaveLength(4);
    expect(messages[3]).toMatchObject({
      role: 'assistant',
      content: `${CHAT_ERROR_TEXT}: ${message}`,
      isError: true,
      quality: { category: 'error' },
    });
  });
});

describe('chat rate limit', () => {
  it('refuses chat calls past AI_CHAT_RATE_LIMIT_PER_MINUTE from one address with 429', async () => {
    const limited = await createTestApp({ ...standins.env(), AI_CHAT_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const user = await createTestUser(limited.app);
      const post = (url: string) =>
        limited.app.inject({ method: 'POST', url, headers: user.headers, payload: { message: ON_TOPIC } });
      expect((await post('/api/ai/chat')).statusCode).not.toBe(429);
      expect((await post('/api/ai/chat')).statusCode).not.toBe(429);
      expect((await post('/api/ai/chat')).statusCode).toBe(429);
      // Each endpoint counts on its own.
      expect((await post('/api/ai/chat/stream')).statusCode).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('conversations', () => {
  it('renames, clears and deletes; another user gets 404', async () => {
    const user = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const chat = await inject('POST', '/api/ai/chat', user, { message: ON_TOPIC, provider: 'ollama' });
    const id = chat.json().conversationId as string;
    const url = `/api/ai/conversations/${id}`;

    expect((await inject('GET', url, other)).statusCode).toBe(404);
    expect((await inject('PATCH', url, other, { title: 'mine' })).statusCode).toBe(404);
    expect((await inject('DELETE', url, other)).statusCode).toBe(404);
    expect((await inject('GET', '/api/ai/conversations', other)).json().data.conversations).toEqual([]);
    // Chatting under the owner's id only ever reaches a conversation of the other user's own: the
    // id is a name in the other user's space, and the owner's history never reaches the prompt.
    const intruder = await inject('POST', '/api/ai/chat', other, {
      message: 'What did we say?',
      conversationId: id,
      provider: 'ollama',
    });
    expect(intruder.statusCode).toBe(200);
    expect(intruder.json().conversationId).not.toBe(id);
    expect(lastOllamaMessages().filter((m) => m.role !== 'system')).toEqual([
      { role: 'user', content: 'What did we say?' },
    ]);
    expect((await inject('GET', url, user)).json().data.conversation.messageCount).toBe(2);

    expect((await inject('PATCH', url, user, {})).statusCode).toBe(400);
    const renamed = await inject('PATCH', url, user, { title: 'Greetings' });
    expect(renamed.json().data.conversation).toMatchObject({ title: 'Greetings', messageCount: 2 });
    const cleared = await inject('PATCH', url, user, { clear: true });
    expect(cleared.json().data).toMatchObject({
      conversation: { title: 'Greetings', messageCount: 0 },
      messages: [],
    });

    expect((await inject('DELETE', url, user)).statusCode).toBe(200);
    expect((await inject('GET', url, user)).statusCode).toBe(404);
    // Not an id nor a key of this user's.
    expect((await inject('GET', '/api/ai/conversations/not-a-uuid', user)).statusCode).toBe(404);
  });
});

describe('POST /api/ai/chat/stream', () => {
  it('sends the tokens in order, then done with the final object', async () => {
    const user = await createTestUser(t.app);
    const res = await inject('POST', '/api/ai/chat/stream', user, { message: ON_TOPIC, provider: 'ollama' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = parseSse(res.body);
    const tokens = events.filter((e) => e.event === 'token');
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.map((e) => e.data.text).join('')).toBe(standins.ollama.behaviour.text);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    expect(done?.data).toMatchObject({
      success: true,
      response: standins.ollama.behaviour.text,
      provider: 'ollama',
      attempts: 1,
      forced: false,
    });
    const list = await inject('GET', '/api/ai/conversations', user);
    expect(list.json().data.conversations[0].id).toBe(done?.data.conversationId);
  });

  it('tells the client to discard canned attempts, then sends the fallback', async () => {
    const user = await createTestUser(t.app);
    standins.ollama.set({ text: 'As an AI language model, I cannot help with that.' });
    const res = await inject('POST', '/api/ai/chat/stream', user, { message: ON_TOPIC, provider: 'ollama' });
    const events = parseSse(res.body);
    expect(events.filter((e) => e.event === 'retry')).toHaveLength(3);
    const afterLastRetry = events.slice(events.map((e) => e.event).lastIndexOf('retry') + 1);
    expect(afterLastRetry.map((e) => e.event)).toEqual(['token', 'done']);
    expect(afterLastRetry[0]?.data.text).toBe(CHAT_FALLBACK_TEXT);
    expect(afterLastRetry[1]?.data).toMatchObject({
      response: CHAT_FALLBACK_TEXT,
      forced: true,
      attempts: 3,
    });
  });

  it('answers a plain 503 when no provider is available', async () => {
    const user = await createTestUser(t.app);
    for (const s of Object.values(standins.all)) s.set({ health: 'fail' });
    await aiServicesFor(t.app.ctx).registry.checkAll();
    const res = await inject('POST', '/api/ai/chat/stream', user, { message: ON_TOPIC });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('No AI providers available');
  });

  it('ends with an error event when the stream breaks after its first token', async () => {
    const user = await createTestUser(t.app);
    standins.ollama.set({ chat: 'break-after-first' });
    const res = await inject('POST', '/api/ai/chat/stream', user, { message: ON_TOPIC, provider: 'ollama' });
    const events = parseSse(res.body);
    expect(events[0]?.event).toBe('token');
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { success: false } });
  });
});

describe('POST /api/ai/chat/:messageId/feedback', () => {
  it('stores a rating and comment; a blank comment is ignored; others get 404', async () => {
    const user = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const chat = await inject('POST', '/api/ai/chat', user, { message: ON_TOPIC, provider: 'ollama' });
    const messageId = chat.json().messageId as string;
    const url = `/api/ai/chat/${messageId}/feedback`;
    expect((await inject('POST', url, user, { rating: 5, comment: ' Great ' })).statusCode).toBe(200);
    expect((await inject('POST', url, user, { rating: 2, comment: '   ' })).statusCode).toBe(200);
    expect((await inject('POST', url, user, { rating: 0 })).statusCode).toBe(400);
    expect((await inject('POST', url, user, { rating: 6 })).statusCode).toBe(400);
    expect((await inject('POST', url, user, { rating: 3.5 })).statusCode).toBe(400);
    expect((await inject('POST', url, other, { rating: 4 })).statusCode).toBe(404);

    const rows = await new ChatRepository(t.app.ctx.database.db).feedbackFor(messageId);
    expect(rows.map((r) => [r.rating, r.comment]).sort()).toEqual([
      [2, null],
      [5, 'Great'],
    ]);
  });
});

const db = () => t.app.ctx.database.db;

const chat = async (user: TestUser, message: string, conversationId?: string) => {
  const res = await inject('POST', '/api/ai/chat', user, { message, provider: 'ollama', conversationId });
  expect(res.statusCode).toBe(200);
  return res.json() as { conversationId: string; messageId: string; response: string };
};

const stored = (conversationId: string) =>
  db()
    .select()
    .from(aiChatMessages)
    .where(eq(aiChatMessages.conversationId, conversationId))
    .orderBy(asc(aiChatMessages.createdAt));

const conversationRow = async (id: string) =>
  (await db().select().from(aiConversations).where(eq(aiConversations.id, id)))[0];

const updatedAt = async (id: string) => (await conversationRow(id))?.updatedAt.getTime() ?? 0;

/**
 * Sizes of the batches the repository's batch statements were given. The single-exchange
 * statements are slowed down, as under load, so that replies arriving meanwhile queue behind them:
 * in a test the app serves one request at a time and each write is over before the next reply.
 */
function batchSizes() {
  const start = vi.spyOn(ChatExchangeRepository.prototype, 'startConversations');
  const save = vi.spyOn(ChatExchangeRepository.prototype, 'saveExchanges');
  for (const single of ['startConversation', 'saveExchange'] as const) {
    const original = ChatExchangeRepository.prototype[single] as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(ChatExchangeRepository.prototype, single).mockImplementation(async function (
      this: ChatExchangeRepository,
      ...args: unknown[]
    ) {
      await new Promise((r) => setTimeout(r, 40));
      return original.apply(this, args);
    } as never);
  }
  const sizes = (spy: typeof start | typeof save) => spy.mock.calls.map((c) => c[0].length);
  return { start: () => sizes(start), save: () => sizes(save) };
}

describe('chat replies stored together (group commit)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stores 20 concurrent replies, new and continued conversations, each with its own rows', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => createTestUser(t.app)));
    const existing: Array<{ user: TestUser; id: string }> = [];
    for (const user of users) {
      for (let n = 0; n < 2; n++) existing.push({ user, id: (await chat(user, ON_TOPIC)).conversationId });
    }
    const before = await Promise.all(existing.map((c) => updatedAt(c.id)));
    const sizes = batchSizes();

    // 11 new conversations, one message to each of 7 existing ones, and two at once to another.
    const twice = existing[0] as { user: TestUser; id: string };
    const sends: Array<{ user: TestUser; message: string; id?: string }> = [
      ...Array.from({ length: 11 }, (_, i) => ({
        user: users[i % 4] as TestUser,
        message: `${ON_TOPIC} new ${i}`,
      })),
      ...existing.slice(1).map((c, i) => ({ user: c.user, message: `${ON_TOPIC} more ${i}`, id: c.id })),
      { user: twice.user, message: `${ON_TOPIC} twice a`, id: twice.id },
      { user: twice.user, message: `${ON_TOPIC} twice b`, id: twice.id },
    ];
    expect(sends).toHaveLength(20);
    const replies = await Promise.all(sends.map((s) => chat(s.user, s.message, s.id)));

    for (const [i, reply] of replies.entries()) {
      const send = sends[i] as (typeof sends)[number];
      const conversation = await conversationRow(reply.conversationId);
      expect(conversation?.userId).toBe(send.user.user.id);
      if (send.id) expect(reply.conversationId).toBe(send.id);
      const rows = await stored(reply.conversationId);
      const answer = rows.find((r) => r.id === reply.messageId);
      expect(answer).toMatchObject({
        role: 'assistant',
        content: reply.response,
        attempt: 1,
        isError: false,
      });
      expect(answer?.quality).toMatchObject({ category: expect.any(String) });
      // Its question is the row just before it.
      const question = rows[rows.findIndex((r) => r.id === reply.messageId) - 1];
      expect(question).toMatchObject({ role: 'user', content: send.message, quality: null, metadata: {} });
      if (!send.id) expect(rows).toHaveLength(2);
    }
    const newIds = new Set(replies.slice(0, 11).map((r) => r.conversationId));
    expect(newIds.size).toBe(11);
    for (const c of existing.slice(1)) expect(await stored(c.id)).toHaveLength(4);
    // Both of the messages sent at once are stored, each question before its reply (whichever first).
    expect(
      (await stored(twice.id))
        .map((r) => r.content)
        .filter((c) => c.includes('twice'))
        .sort(),
    ).toEqual([`${ON_TOPIC} twice a`, `${ON_TOPIC} twice b`]);
    for (const [n, c] of existing.entries())
      expect(await updatedAt(c.id)).toBeGreaterThan(before[n] as number);
    // Replies that arrived while another was being stored went in a batch statement.
    expect(Math.max(0, ...sizes.start(), ...sizes.save())).toBeGreaterThan(1);
    // Each call's usage row went in with its exchange: one per reply of each user.
    for (const user of users) {
      const replied = sends.filter((x) => x.user === user).length + 2;
      expect(await usageRows(user.user.id)).toHaveLength(replied);
    }
  });

  it('keeps exactly the last 10 turns of each conversation when its exchanges are stored in batches', async () => {
    const user = await createTestUser(t.app);
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) ids.push((await chat(user, `${ON_TOPIC} c${n} t0`)).conversationId);
    const sizes = batchSizes();
    for (let turn = 1; turn < 13; turn++) {
      await Promise.all(ids.map((id, n) => chat(user, `${ON_TOPIC} c${n} t${turn}`, id)));
    }
    for (const [n, id] of ids.entries()) {
      const rows = await stored(id);
      expect(rows).toHaveLength(20);
      expect(rows.filter((r) => r.role === 'user').map((r) => r.content)).toEqual(
        Array.from({ length: 10 }, (_, i) => `${ON_TOPIC} c${n} t${i + 3}`),
      );
      expect(rows.map((r) => r.role)).toEqual(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? 'assistant' : 'user')),
      );
    }
    expect(Math.max(0, ...sizes.save())).toBeGreaterThan(1);
  });
});

describe('ChatExchangeBatcher on the database', () => {
  afterEach(() => vi.restoreAllMocks());

  let stamp = Date.now();
  const exchange = (question: string): ExchangeRows => ({
    question,
    askedAt: new Date(++stamp),
    reply: {
      content: `reply to ${question}`,
      model: 'llama3.2',
      provider: 'ollama',
      quality: { score: 0.9, category: 'excellent', issues: [], flags: {} } as never,
      attempt: 1,
      metadata: { temperature: 0.5, note: 'quote " and \\ and {braces}' },
    },
    answeredAt: new Date(++stamp),
  });

  /**
   * Submitted in one turn: they go together in one batch, except perhaps the first, written alone
   * at once (the rest queue behind it).
   */
  const together = <T>(calls: Array<() => Promise<T>>) => Promise.allSettled(calls.map((f) => f()));
  const statuses = (results: PromiseSettledResult<unknown>[]) => results.map((r) => r.status);

  it('writes a batch of new conversations in one statement; a bad item fails only its caller', async () => {
    const repo = new ChatExchangeRepository(db());
    const batcher = new ChatExchangeBatcher(repo, 20);
    const many = vi.spyOn(repo, 'startConversations');
    const user = await createTestUser(t.app);
    const conversation = (title: string, userId = user.user.id) => ({ id: randomUUID(), userId, title });
    const items = [1, 2, 3, 4, 5].map((n) => ({ c: conversation(`t${n}`), x: exchange(`q${n}`) }));
    // Its user does not exist: the batch statement fails on it, then the items go one by one.
    const bad = { c: conversation('bad', randomUUID()), x: exchange('bad') };
    const submitted = [...items.slice(0, 3), bad, ...items.slice(3)];
    const results = await together(submitted.map((i) => () => batcher.start(i.c, i.x)));
    // All but perhaps the first (written alone at once) in one batch statement, which failed.
    expect(many).toHaveBeenCalledTimes(1);
    expect(many.mock.calls[0]?.[0].length).toBeGreaterThanOrEqual(5);
    expect(statuses(results)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await conversationRow(bad.c.id)).toBeUndefined();
    for (const [n, i] of items.entries()) {
      const r = results[n < 3 ? n : n + 1] as PromiseFulfilledResult<Array<{ id: string; role: string }>>;
      const rows = await stored(i.c.id);
      expect(rows.map((m) => [m.role, m.content])).toEqual([
        ['user', i.x.question],
        ['assistant', i.x.reply.content],
      ]);
      expect(r.value.map((m) => m.id).sort()).toEqual(rows.map((m) => m.id).sort());
      expect(rows[1]).toMatchObject({
        model: 'llama3.2',
        provider: 'ollama',
        attempt: 1,
        forced: false,
        isError: false,
        quality: i.x.reply.quality,
        metadata: i.x.reply.metadata,
        createdAt: i.x.answeredAt,
      });
      expect(rows[0]).toMatchObject({ attempt: null, model: null, metadata: {}, createdAt: i.x.askedAt });
      expect(await conversationRow(i.c.id)).toMatchObject({ userId: user.user.id, title: i.c.title });
    }
  });

  it('saves a batch of exchanges: trims each conversation as saveExchange does, bumps it, a conversation twice goes after, and a deleted one fails only its own caller', async () => {
    const repo = new ChatExchangeRepository(db());
    const conversations = new ChatRepository(db());
    const batcher = new ChatExchangeBatcher(repo, 6);
    const many = vi.spyOn(repo, 'saveExchanges');
    const user = await createTestUser(t.app);
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) {
      const id = randomUUID();
      await repo.startConversation({ id, userId: user.user.id, title: `c${n}` }, exchange(`c${n} q0`));
      for (let q = 1; q < 3; q++)
        await repo.saveExchange({ id, userId: user.user.id }, exchange(`c${n} q${q}`), 6);
      ids.push(id);
    }
    const [c0, c1, c2, gone] = ids as [string, string, string, string];
    const before = await Promise.all(ids.map(updatedAt));
    await new Promise((r) => setTimeout(r, 5));
    const save = (id: string, question: string) => () =>
      batcher.save({ id, userId: user.user.id, title: '' }, exchange(question));
    const questions = async (id: string) =>
      (await stored(id)).filter((m) => m.role === 'user').map((m) => m.content);

    // c1 twice in one batch: the batch statement takes its first, the second is stored after it.
    const round1 = await together([
      save(c0, 'c0 lone'),
      save(c0, 'c0 q3'),
      save(c1, 'c1 q3'),
      save(c1, 'c1 q4'),
      save(c2, 'c2 q3'),
    ]);
    expect(statuses(round1)).toEqual(Array(5).fill('fulfilled'));
    expect(many.mock.calls.map((c) => c[0].map((i) => i.conversation.id))).toEqual([[c0, c1, c2]]);
    expect(await questions(c0)).toEqual(['c0 q2', 'c0 lone', 'c0 q3']);
    expect(await questions(c1)).toEqual(['c1 q2', 'c1 q3', 'c1 q4']);
    expect(await questions(c2)).toEqual(['c2 q1', 'c2 q2', 'c2 q3']);
    for (const [n, id] of ids.slice(0, 3).entries()) {
      expect(await stored(id)).toHaveLength(6);
      expect(await updatedAt(id)).toBeGreaterThan(before[n] as number);
    }
    for (const r of round1) {
      const reply = (r as PromiseFulfilledResult<Array<{ id: string; role: string }>>).value;
      expect(reply.map((m) => m.role).sort()).toEqual(['assistant', 'user']);
    }
    const replyOf = (r: PromiseSettledResult<Array<{ id: string; role: string }>> | undefined) =>
      (r as PromiseFulfilledResult<Array<{ id: string; role: string }>>).value.find(
        (m) => m.role === 'assistant',
      )?.id;
    expect((await stored(c1)).find((m) => m.id === replyOf(round1[3]))?.content).toBe('reply to c1 q4');
    expect((await stored(c2)).find((m) => m.id === replyOf(round1[4]))?.content).toBe('reply to c2 q3');

    // Deleted after its reply was asked for: the batch fails on it, then each item goes alone.
    await conversations.deleteConversation(user.user.id, gone);
    many.mockClear();
    const round2 = await together([
      save(c0, 'c0 q4'),
      save(c1, 'c1 q5'),
      save(gone, 'gone'),
      save(c2, 'c2 q4'),
    ]);
    expect(statuses(round2)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(many).toHaveBeenCalledTimes(1);
    expect(many.mock.calls[0]?.[0].length).toBeGreaterThanOrEqual(3);
    expect(await questions(c0)).toEqual(['c0 lone', 'c0 q3', 'c0 q4']);
    expect(await questions(c1)).toEqual(['c1 q3', 'c1 q4', 'c1 q5']);
    expect(await questions(c2)).toEqual(['c2 q2', 'c2 q3', 'c2 q4']);
    expect(await stored(gone)).toEqual([]);
  });

  it('trims in one batch statement exactly as the single statement does', async () => {
    const repo = new ChatExchangeRepository(db());
    const user = await createTestUser(t.app);
    const [a, b] = [randomUUID(), randomUUID()];
    for (const id of [a, b]) {
      await repo.startConversation({ id, userId: user.user.id, title: id }, exchange(`${id} 0`));
      for (let q = 1; q < 12; q++)
        await repo.saveExchange({ id, userId: user.user.id }, exchange(`${id} ${q}`), 20);
    }
    await repo.saveExchanges(
      [a, b].map((id) => ({ conversation: { id, userId: user.user.id }, exchange: exchange(`${id} 12`) })),
      20,
    );
    for (const id of [a, b]) {
      const rows = await stored(id);
      expect(rows).toHaveLength(20);
      expect(rows[0]?.content).toBe(`${id} 3`);
      expect(rows.at(-1)?.content).toBe(`reply to ${id} 12`);
    }
  });
});
