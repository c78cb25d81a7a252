import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { balanceAndSum, fund, makePrepaid } from '../../../../test/billing.fixture';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiConversations, aiUsageLog } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';

/** What reaches the chat: text the database cannot store, and the conversation ids of the specification. */

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
  standins.reset();
});

const post = (url: string, who: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload });
const get = (url: string, who: TestUser) => t.app.inject({ method: 'GET', url, headers: who.headers });
const ON_TOPIC = 'Say hello in several words';
const generations = () => Object.values(standins.all).reduce((n, s) => n + s.generations.length, 0);
const usageRows = (userId: string) =>
  t.app.ctx.database.db.select().from(aiUsageLog).where(eq(aiUsageLog.userId, userId));

describe('a chat message the database cannot store', () => {
  it.each([
    ['a NUL character', `${ON_TOPIC}\u0000`, 'message: Must not contain NUL characters'],
    [
      'an unpaired surrogate',
      `${ON_TOPIC} \ud83d`,
      'message: Must not contain invalid Unicode (unpaired surrogates)',
    ],
    ['a control character', `${ON_TOPIC}\u0007`, 'message: Must not contain control characters'],
  ])(
    'with %s is a 400 naming the field: no provider is called, nothing is charged or stored',
    async (_, message, error) => {
      const who = await createTestUser(t.app);
      await makePrepaid(t.app, who.user.id);
      await fund(t.app, who.user.id, 10);
      for (const url of ['/api/ai/chat', '/api/ai/chat/stream']) {
        const res = await post(url, who, { message, provider: 'openai', model: 'gpt-4' });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: error });
      }
      expect(generations()).toBe(0);
      expect(await usageRows(who.user.id)).toEqual([]);
      expect((await balanceAndSum(t.app, who.user.id)).balance).toBe(10);
      expect((await get('/api/ai/conversations', who)).json().data.conversations).toEqual([]);

      // The same question without it is answered and charged: the checks above could see a charge.
      const ok = await post('/api/ai/chat', who, { message: ON_TOPIC, provider: 'openai', model: 'gpt-4' });
      expect(ok.statusCode).toBe(200);
      expect(generations()).toBe(1);
      expect((await balanceAndSum(t.app, who.user.id)).balance).toBeLessThan(10);
    },
  );

  it('keeps tabs and line breaks in a message, refuses a line break in a model name', async () => {
    const who = await createTestUser(t.app);
    const ok = await post('/api/ai/chat', who, { message: `${ON_TOPIC}\n\tplease\r\n`, provider: 'ollama' });
    expect(ok.statusCode).toBe(200);
    const bad = await post('/api/ai/chat', who, { message: ON_TOPIC, model: 'llama\n3' });
    expect(bad.json().error.message).toBe('model: Must not contain control characters');
  });
});

describe("the specification's conversation ids", () => {
  /** Two questions under one id; the second is asked with the first exchange as its history. */
  async function twoTurns(who: TestUser, url: string, conversationId: string) {
    const first = await post(url, who, { message: `${ON_TOPIC} one`, provider: 'ollama', conversationId });
    expect(first.statusCode, first.body).toBe(200);
    const second = await post(url, who, { message: `${ON_TOPIC} two`, provider: 'ollama', conversationId });
    expect(second.statusCode).toBe(200);
    const body = standins.ollama.generations.at(-1)?.body as {
      messages: Array<{ role: string; content: string }>;
    };
    const sent = body.messages.filter((m) => m.role === 'user').map((m) => m.content);
    expect(sent).toEqual([`${ON_TOPIC} one`, `${ON_TOPIC} two`]);
    return { first, second };
  }

  it("'default' names the user's conversation: created on first use, found again by the same user, never another's", async () => {
    const alice = await createTestUser(t.app);
    const bob = await createTestUser(t.app);
    await twoTurns(alice, '/api/ai/chat', 'default');
    // Bob's 'default' is his own: Alice's questions never reach his prompt.
    await twoTurns(bob, '/api/ai/chat', 'default');

    const [aliceList, bobList] = await Promise.all([
      get('/api/ai/conversations', alice),
      get('/api/ai/conversations', bob),
    ]);
    const [mine] = aliceList.json().data.conversations;
    const [his] = bobList.json().data.conversations;
    expect(aliceList.json().data.conversations).toHaveLength(1);
    expect(mine).toMatchObject({ key: 'default', messageCount: 4, title: `${ON_TOPIC} one` });
    expect(his).toMatchObject({ key: 'default', messageCount: 4 });
    expect(his.id).not.toBe(mine.id);
    // Opened by key or by id, and the server id keeps working in chat.
    const byKey = (await get('/api/ai/conversations/default', alice)).json().data;
    expect(byKey.conversation.id).toBe(mine.id);
    expect(byKey.messages.map((m: { content: string }) => m.content)).toContain(`${ON_TOPIC} two`);
    const viaId = await post('/api/ai/chat', alice, {
      message: ON_TOPIC,
      provider: 'ollama',
      conversationId: mine.id,
    });
    expect(viaId.json().conversationId).toBe(mine.id);
    expect((await get('/api/ai/conversations/default', alice)).json().data.conversation.messageCount).toBe(6);
  });

  it('takes any key of up to 100 characters, streamed too, and renames and deletes by key', async () => {
    const who = await createTestUser(t.app);
    const key = `project: Q3 planning / ${'é'.repeat(60)}`.slice(0, 100);
    const first = await post('/api/ai/chat/stream', who, {
      message: `${ON_TOPIC} one`,
      provider: 'ollama',
      conversationId: key,
    });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('event: done');
    await post('/api/ai/chat', who, { message: `${ON_TOPIC} two`, provider: 'ollama', conversationId: key });
    const url = `/api/ai/conversations/${encodeURIComponent(key)}`;
    expect((await get(url, who)).json().data.conversation).toMatchObject({ key, messageCount: 4 });

    const renamed = await t.app.inject({
      method: 'PATCH',
      url,
      headers: who.headers,
      payload: { title: 'Planning' },
    });
    expect(renamed.json().data.conversation).toMatchObject({ key, title: 'Planning' });
    expect((await t.app.inject({ method: 'DELETE', url, headers: who.headers })).statusCode).toBe(200);
    expect((await get(url, who)).statusCode).toBe(404);
    // Used again after deletion: a fresh conversation under the same key.
    const again = await post('/api/ai/chat', who, {
      message: ON_TOPIC,
      provider: 'ollama',
      conversationId: key,
    });
    expect(again.statusCode).toBe(200);
    expect((await get(url, who)).json().data.conversation.messageCount).toBe(2);
  });

  it("a key that looks like a server id is still a key when no such conversation is the user's", async () => {
    const who = await createTestUser(t.app);
    const key = '3f1c0f5e-8a55-4b1e-9f61-6b7f0d3c2a10';
    const first = await post('/api/ai/chat', who, {
      message: ON_TOPIC,
      provider: 'ollama',
      conversationId: key,
    });
    expect(first.json().conversationId).not.toBe(key);
    await post('/api/ai/chat', who, { message: ON_TOPIC, provider: 'ollama', conversationId: key });
    expect((await get(`/api/ai/conversations/${key}`, who)).json().data.conversation).toMatchObject({
      id: first.json().conversationId,
      key,
      messageCount: 4,
    });
  });

  it('two first messages under one new key at once end in one conversation', async () => {
    const who = await createTestUser(t.app);
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        post('/api/ai/chat', who, {
          message: `${ON_TOPIC} ${n}`,
          provider: 'ollama',
          conversationId: 'race',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.json().conversationId)).size).toBe(1);
    const rows = await t.app.ctx.database.db
      .select()
      .from(aiConversations)
      .where(eq(aiConversations.userId, who.user.id));
    expect(rows).toHaveLength(1);
    expect((await get('/api/ai/conversations/race', who)).json().data.conversation.messageCount).toBe(6);
  });

  it("honours the specification client's maxRetries (attempts at a reply that is not canned)", async () => {
    const who = await createTestUser(t.app);
    standins.ollama.set({ text: 'As an AI language model, I cannot help with that.' });
    const res = await post('/api/ai/chat', who, { message: ON_TOPIC, provider: 'ollama', maxRetries: 1 });
    expect(res.json()).toMatchObject({ attempts: 1, forced: true });
    expect(standins.ollama.generations).toHaveLength(1);
  });

  it('lists at most `limit` conversations', async () => {
    const who = await createTestUser(t.app);
    for (const key of ['a', 'b', 'c']) {
      await post('/api/ai/chat', who, { message: ON_TOPIC, provider: 'ollama', conversationId: key });
    }
    const two = (await get('/api/ai/conversations?limit=2', who)).json().data.conversations;
    expect(two.map((c: { key: string }) => c.key)).toEqual(['c', 'b']);
    expect((await get('/api/ai/conversations?limit=201', who)).statusCode).toBe(400);
  });
});
