import { describe, expect, it } from 'vitest';
import type { AiRequest, AiRouter } from '../providers/ai-router';
import type { ChatRepository, MessageRow, NewMessageRow } from './chat.repository';
import { ChatService } from './chat.service';

const GOOD = 'Hello! Here it is in several words, as you asked.';

/** A router answering each call with the next text, and a repository keeping rows in memory. */
function setup(texts: string[]) {
  const calls: AiRequest[] = [];
  let i = 0;
  const next = () => texts[Math.min(i++, texts.length - 1)] as string;
  const router = {
    generate: async (req: AiRequest) => {
      calls.push(req);
      return { text: next(), provider: 'ollama', model: 'llama3.2' };
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
        result: Promise.resolve({ text, provider: 'ollama', model: 'llama3.2' }),
      };
    },
  } as unknown as Pick<AiRouter, 'generate' | 'stream'>;
  const saved: NewMessageRow[] = [];
  const repo = {
    createConversation: async (userId: string, title: string) => ({ id: 'c1', userId, title }),
    saveExchange: async (_id: string, rows: NewMessageRow[]) => {
      saved.push(...rows);
      return rows.map((r, n) => ({ ...r, id: `m${n}` }) as MessageRow);
    },
  } as unknown as ChatRepository;
  return { chat: new ChatService({ repo, router }), calls, saved };
}

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
