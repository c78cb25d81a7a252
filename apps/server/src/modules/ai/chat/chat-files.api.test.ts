import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useStandinApp } from '../../../../test/ai-standin-app';
import type { AiStandins } from '../../../../test/ai-standins';
import type { TestApp } from '../../../../test/test-app';
import { upload } from '../../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiChatMessages } from '../../../db/schema/index';
import { fileIndexServicesFor } from '../file-index/file-index-services';
import { aiServicesFor } from '../providers/ai-services';

const ctx = useStandinApp({ AI_CHAT_RATE_LIMIT_PER_MINUTE: '1000' });
let standins: AiStandins;
let t: TestApp;
beforeAll(() => {
  ({ standins, t } = ctx);
});

const REPLY = 'Your quarterly report says the northern region grew revenue by twelve percent this year.';
beforeEach(async () => {
  standins.reset();
  t.app.ctx.embeddings.clearCooldowns();
  aiServicesFor(t.app.ctx).registry.clearCooldowns();
  await aiServicesFor(t.app.ctx).registry.checkAll();
  standins.reset();
  standins.ollama.set({ respond: () => REPLY });
});

const QUESTION = 'What does my quarterly report say about revenue in the northern region?';
const FACT = 'In the northern region, quarterly revenue grew by twelve percent, led by the Tromso office.';

async function uploaded(who: TestUser, filename: string, text: string) {
  const res = await upload(t.app, who.headers, {
    data: Buffer.from(text),
    filename,
    contentType: 'text/plain',
  });
  expect(res.statusCode).toBe(201);
  return res.json().file.id as string;
}

const chat = (who: TestUser, payload: object, path = '/api/ai/chat') =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: who.headers,
    payload: { provider: 'ollama', ...payload },
  });

type Sent = { role: string; content: string };
const systemPromptSent = (): string => {
  const body = standins.ollama.generations.at(-1)?.body as { messages?: Sent[] } | undefined;
  return body?.messages?.find((m) => m.role === 'system')?.content ?? '';
};

function parseSse(body: string) {
  return body
    .split('\n\n')
    .filter((b) => b.trim())
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
    }));
}

describe('chat answers from the user’s files', () => {
  it('puts the best chunk in the prompt, lists the file as a source and stores it in metadata.sources', async () => {
    const who = await createTestUser(t.app);
    const id = await uploaded(who, 'q3-report.txt', `Summary of the year.\n\n${FACT}`);
    await uploaded(who, 'shopping.txt', 'Buy apples, bread and cheese on Saturday.');
    await fileIndexServicesFor(t.app.ctx).indexer.drain();
    const embedCalls = standins.ollama.embeddings.length;

    const res = await chat(who, { message: QUESTION });
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply.sources).toEqual([{ fileId: id, fileName: 'q3-report.txt', snippet: expect.any(String) }]);
    expect(reply.sources[0].snippet).toContain('Summary of the year');
    const system = systemPromptSent();
    expect(system).toContain(FACT);
    expect(system).toContain('"q3-report.txt"');
    expect(system).not.toContain('apples');
    // The question was embedded once, through the embedding provider.
    expect(standins.ollama.embeddings).toHaveLength(embedCalls + 1);

    const [stored] = await t.app.ctx.database.db
      .select()
      .from(aiChatMessages)
      .where(eq(aiChatMessages.id, reply.messageId));
    expect((stored?.metadata as { sources?: unknown } | undefined)?.sources).toEqual(reply.sources);
    // A reloaded conversation shows the sources under the reply.
    const open = await t.app.inject({
      method: 'GET',
      url: `/api/ai/conversations/${reply.conversationId}`,
      headers: who.headers,
    });
    const messages = open.json().data.messages;
    expect(messages.map((m: { sources: unknown[] }) => m.sources.length)).toEqual([0, 1]);
  });

  it('streams a sources event before the first token', async () => {
    const who = await createTestUser(t.app);
    const id = await uploaded(who, 'q3-report.txt', FACT);
    await fileIndexServicesFor(t.app.ctx).indexer.drain();
    const res = await chat(who, { message: QUESTION }, '/api/ai/chat/stream');
    expect(res.statusCode).toBe(200);
    const events = parseSse(res.body);
    expect(events[0]).toMatchObject({ event: 'sources', data: { sources: [{ fileId: id }] } });
    expect(events.findIndex((e) => e.event === 'token')).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { sources: [{ fileId: id }] } });
  });

  it('with "Use my files" off, retrieves nothing: no sources, no file text in the prompt, no embedding call', async () => {
    const who = await createTestUser(t.app);
    await uploaded(who, 'q3-report.txt', FACT);
    await fileIndexServicesFor(t.app.ctx).indexer.drain();
    standins.reset();
    standins.ollama.set({ respond: () => REPLY });
    const res = await chat(who, { message: QUESTION, useFiles: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().sources).toEqual([]);
    expect(systemPromptSent()).not.toContain('Tromso');
    expect(standins.ollama.embeddings).toHaveLength(0);
    const streamed = parseSse(
      (await chat(who, { message: QUESTION, useFiles: false }, '/api/ai/chat/stream')).body,
    );
    expect(streamed.some((e) => e.event === 'sources')).toBe(false);
  });

  it('answers without sources when nothing in the files matches', async () => {
    const who = await createTestUser(t.app);
    await uploaded(who, 'q3-report.txt', FACT);
    await fileIndexServicesFor(t.app.ctx).indexer.drain();
    const res = await chat(who, { message: 'Say hello in several words' });
    expect(res.json().sources).toEqual([]);
    expect(systemPromptSent()).not.toContain('Tromso');
  });

  it("never puts another user's chunks in the prompt", async () => {
    const alice = await createTestUser(t.app);
    const bob = await createTestUser(t.app);
    await uploaded(alice, 'q3-report.txt', FACT);
    await fileIndexServicesFor(t.app.ctx).indexer.drain();
    const res = await chat(bob, { message: QUESTION });
    expect(res.statusCode).toBe(200);
    expect(res.json().sources).toEqual([]);
    expect(systemPromptSent()).not.toContain('Tromso');
  });

  it('drops a binned file from answers at once', async () => {
    const who = await createTestUser(t.app);
    const id = await uploaded(who, 'q3-report.txt', FACT);
    await fileIndexServicesFor(t.app.ctx).indexer.drain();
    expect((await chat(who, { message: QUESTION })).json().sources).toHaveLength(1);
    await t.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: who.headers });
    const res = await chat(who, { message: QUESTION });
    expect(res.json().sources).toEqual([]);
    expect(systemPromptSent()).not.toContain('Tromso');
  });
});
