import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error';
import type { AiRequest, AiRouter } from '../providers/ai-router';
import type { NewUsageRow } from '../providers/providers.repository';
import type { ChatRepository } from './chat.repository';
import { ChatService } from './chat.service';
import type { ExchangeWriter } from './chat-exchange-batcher';
import type { ExchangeRows, MessageRow, NewMessageRow } from './chat-exchanges.repository';
import { CHAT_FALLBACK_TEXT } from './quality';

const GOOD = 'Hello! Here it is in several words, as you asked.';

/**
 * A router answering each call with the next text (an Error is thrown instead), and a repository
 * keeping rows in memory; `history` is what the existing conversation 'c0' already holds.
 */
function setup(texts: Array<string | Error>, history: Partial<MessageRow>[] = []) {
  const calls: AiRequest[] = [];
  let i = 0;
  const next = () => {
    const t = texts[Math.min(i++, texts.length - 1)] as string | Error;
    if (t instanceof Error) throw t;
    return t;
  };
  const router = {
    generate: async (req: AiRequest) => {
      calls.push(req);
      const text = next();
      return { text, provider: 'ollama', model: 'llama3.2', ...usageFor(req, calls.length) };
    },
    stream: async (req: AiRequest) => {
      calls.push(req);
      const text = next();
      const pieces = text.match(/.{1,8}/g) ?? [];
      return {
        provider: 'ollama',
        model: 'llama3.2',
        failed: [],
        textStream: (async function* () {
          yield* pieces;
        })(),
        result: Promise.resolve({
          text,
          provider: 'ollama',
          model: 'llama3.2',
          ...usageFor(req, calls.length),
        }),
      };
    },
  } as unknown as Pick<AiRouter, 'generate' | 'stream'>;
  const saved: NewMessageRow[] = [];
  const created: string[] = [];
  /** Usage rows stored with exchanges, and those written on their own. */
  const usage = { withExchange: [] as NewUsageRow[], alone: [] as NewUsageRow[] };
  const failSave = { on: false };
  const store = (conversationId: string, x: ExchangeRows) => {
    if (failSave.on) throw new Error('database unavailable');
    usage.withExchange.push(...(x.usage ?? []));
    const rows = [
      { conversationId, role: 'user', content: x.question, createdAt: x.askedAt },
      { ...x.reply, conversationId, role: 'assistant', createdAt: x.answeredAt },
    ] as NewMessageRow[];
    saved.push(...rows);
    return rows.map((r, n) => ({ ...r, id: `m${n}` }) as MessageRow);
  };
  const repo = {
    findConversation: async (userId: string, id: string) =>
      id === EXISTING ? { id, userId, title: 't' } : null,
    recentMessages: async () => history.map((m) => ({ isError: false, forced: false, ...m }) as MessageRow),
    startConversation: async (c: { id: string; title: string }, x: ExchangeRows) => {
      created.push(c.title);
      return store(c.id, x);
    },
    saveExchange: async (c: { id: string }, x: ExchangeRows) => store(c.id, x),
  } as unknown as ChatRepository;
  const usageService = {
    record: async (row: NewUsageRow) => {
      usage.alone.push(row);
    },
  };
  return {
    chat: new ChatService({
      repo,
      exchanges: repo as unknown as ExchangeWriter,
      router,
      usage: usageService,
    }),
    calls,
    saved,
    created,
    usage,
    failSave,
  };
}

/** As the router does for `deferUsage`: the answering call's row comes back unwritten. */
const usageFor = (req: AiRequest, n: number) =>
  req.deferUsage
    ? {
        usageRow: {
          userId: req.userId,
          provider: 'ollama',
          model: 'llama3.2',
          operation: req.operation,
          responseTimeMs: n,
          success: true,
        } as NewUsageRow,
      }
    : {};

const EXISTING = '00000000-0000-4000-8000-000000000001';

const body = { message: 'Say hello in several words', temperature: 0.8 };

describe('ChatService attempts', () => {
  it('keeps a retried reply that is no longer canned, with the stricter second prompt', async () => {
    const { chat, calls, saved } = setup(['Sorry.', GOOD]);
    const r = await chat.chat('u1', body);
    expect(r).toMatchObject({ response: GOOD, attempts: 2, forced: false });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.system).toContain('rejected');
    expect(calls[0]?.temperature).toBe(0.8);
    expect(saved[1]).toMatchObject({ role: 'assistant', content: GOOD, attempt: 2, forced: false });
  });

  it('streams tokens, announces the retry, then streams the accepted attempt', async () => {
    const { chat } = setup(['Sorry.', GOOD]);
    const events: string[] = [];
    const r = await chat.stream('u1', body, {
      token: (t) => events.push(`token:${t}`),
      retry: (attempt) => events.push(`retry:${attempt}`),
    });
    expect(events[0]).toBe('token:Sorry.');
    expect(events[1]).toBe('retry:2');
    expect(
      events
        .slice(2)
        .map((e) => e.slice(6))
        .join(''),
    ).toBe(GOOD);
    expect(r.attempts).toBe(2);
  });

  it('gives up after 3 canned attempts with the forced fallback', async () => {
    const { chat, calls } = setup(['Sorry.']);
    const r = await chat.chat('u1', body);
    expect(calls).toHaveLength(3);
    expect(r).toMatchObject({ forced: true, attempts: 3, quality: { category: 'forced' } });
  });
});

describe('ChatService history and failures', () => {
  const allFailed = () => new AppError(503, 'AI_ALL_FAILED', 'All AI providers failed');

  it('sends questions and real replies back, but not the forced fallback or an error apology', async () => {
    const { chat, calls } = setup(
      [GOOD],
      [
        { role: 'user', content: 'first question' },
        { role: 'assistant', content: CHAT_FALLBACK_TEXT, forced: true },
        { role: 'user', content: 'second question' },
        { role: 'assistant', content: 'I apologize, ...', isError: true },
        { role: 'user', content: 'third question' },
        { role: 'assistant', content: 'a real answer' },
      ],
    );
    await chat.chat('u1', { ...body, conversationId: EXISTING });
    expect(calls[0]?.messages).toEqual([
      { role: 'user', content: 'first question' },
      { role: 'user', content: 'second question' },
      { role: 'user', content: 'third question' },
      { role: 'assistant', content: 'a real answer' },
      { role: 'user', content: body.message },
    ]);
  });

  it('stores a failed call of an existing conversation as an error message and rethrows it', async () => {
    const { chat, saved } = setup(['Sorry.', allFailed()]);
    await expect(chat.chat('u1', { ...body, conversationId: EXISTING })).rejects.toMatchObject({
      code: 'AI_ALL_FAILED',
    });
    expect(saved).toEqual([
      expect.objectContaining({ conversationId: EXISTING, role: 'user', content: body.message }),
      expect.objectContaining({
        conversationId: EXISTING,
        role: 'assistant',
        content: 'I apologize, but I encountered an issue processing your request: All AI providers failed',
        isError: true,
        attempt: 2,
        quality: { score: 0, category: 'error', issues: ['All AI providers failed'] },
      }),
    ]);
  });

  it('leaves nothing behind when a new conversation fails, or when the call was refused rather than failed', async () => {
    const fresh = setup([allFailed()]);
    await expect(fresh.chat.chat('u1', body)).rejects.toThrow('All AI providers failed');
    expect(fresh.saved).toEqual([]);
    expect(fresh.created).toEqual([]);

    const refused = setup([new AppError(402, 'AI_ALLOWANCE_SPENT', 'spent')]);
    await expect(refused.chat.chat('u1', { ...body, conversationId: EXISTING })).rejects.toThrow('spent');
    expect(refused.saved).toEqual([]);
  });
});

describe('ChatService usage rows', () => {
  it("stores every answering attempt's usage row with the exchange, in its write", async () => {
    const s = setup(['Sure.', GOOD]);
    await s.chat.chat('u1', body);
    expect(s.calls.every((c) => c.deferUsage === true)).toBe(true);
    expect(s.usage.withExchange.map((r) => [r.operation, r.responseTimeMs])).toEqual([
      ['chat', 1],
      ['chat', 2],
    ]);
    expect(s.usage.alone).toEqual([]);
  });

  it('writes the usage rows on their own when the exchange cannot be stored, and still fails', async () => {
    const s = setup([GOOD]);
    s.failSave.on = true;
    await expect(s.chat.chat('u1', body)).rejects.toThrow('database unavailable');
    expect(s.usage.alone.map((r) => r.operation)).toEqual(['chat']);
    expect(s.usage.withExchange).toEqual([]);
  });

  it("writes a streamed call's row on its own when our side stops reading the stream", async () => {
    const s = setup([GOOD]);
    const sink = {
      token: () => {
        throw new Error('socket gone');
      },
      retry: () => {},
    };
    await expect(s.chat.stream('u1', body, sink)).rejects.toThrow('socket gone');
    expect(s.usage.alone).toHaveLength(1);
    expect(s.usage.withExchange).toEqual([]);
  });

  it("writes the answered attempts' rows when a new conversation's later attempt fails", async () => {
    const s = setup(['Sure.', new AppError(503, 'AI_ALL_FAILED', 'All AI providers failed')]);
    await expect(s.chat.chat('u1', body)).rejects.toThrow('All AI providers failed');
    expect(s.usage.alone.map((r) => r.responseTimeMs)).toEqual([1]);
    expect(s.saved).toEqual([]);
  });
});
