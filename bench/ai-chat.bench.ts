import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { systemPromptFor } from '../apps/server/src/modules/ai/chat/quality';
import type { AiRouter } from '../apps/server/src/modules/ai/providers/ai-router';
import { aiServicesFor } from '../apps/server/src/modules/ai/providers/ai-services';
import { type BenchApp, type Engine, startBenchApp } from './engine';
import { alternate, budget, compare, type Figure, spread } from './figure';
import { latencyRounds } from './latency-client';
import { throughput } from './load-client';
import { accessTokens, assertClean, bearerSets, CONNECTIONS, createUser, ROUNDS, SECONDS } from './support';

const PER_ROUND = 20;
/** The stand-in's reply ("Hello from the ollama stand-in, answering in several words.") is on topic: no retries. */
const MESSAGE = 'Say hello in several words';
const ADDED_LATENCY_LIMIT_MS = 5;
/**
 * How long the stand-in "thinks" before its first streamed token: the upper end of 20-50 ms, still
 * well under what a real model takes (a small local model needs 100 ms or more), so what our
 * endpoint adds stays visible in the ratio.
 */
const FIRST_TOKEN_DELAY_MS = 50;

interface Standin {
  /** Answers at once. */
  url: string;
  /** Waits FIRST_TOKEN_DELAY_MS before answering, as a model does before its first token. */
  thinkingUrl: string;
  /** The body of the newest generation request the stand-in received. */
  lastBody(): Promise<string>;
  close(): void;
}

export interface ChatApp {
  url: string;
  /** Authorization headers of 2,000 tokens of the user, for a client to rotate through. */
  headerSets: Record<string, string>[];
  driver: string;
  userId: string;
  router: AiRouter;
  /** The app itself (in this process), for benches that prepare data through its services. */
  app: BenchApp['app'];
}

/**
 * The chat endpoint against calling its provider directly, with the Ollama stand-in in a process of
 * its own (as a real provider is): p50 added latency of a whole reply, time to the first streamed
 * token, and requests per second with 50 clients against a bare Fastify route proxying to the same
 * stand-in. No chat request here names a conversationId, so each creates a conversation: the
 * prompt stays the same size (no history grows between samples) and the figures include creating
 * it. The user is a superadmin (no monthly allowance) and the chat rate limit is raised for the run.
 */
export async function aiChatBench(engine: Engine): Promise<Figure[]> {
  const standin = await startStandin();
  try {
    const [whole, ...rates] = await withChatApp(engine, standin.url, async (chat) => [
      await addedLatency(chat, standin),
      ...(await chatThroughput(chat, standin)),
    ]);
    const [firstToken] = await withChatApp(engine, standin.thinkingUrl, async (chat) => [
      await firstTokenTime(chat, standin),
    ]);
    return [whole, firstToken, ...rates] as Figure[];
  } finally {
    standin.close();
  }
}

/** Only the throughput figures (`tsx ai-chat-throughput.ts`). */
export async function aiChatThroughputBench(engine: Engine): Promise<Figure[]> {
  const standin = await startStandin();
  try {
    return await withChatApp(engine, standin.url, (chat) => chatThroughput(chat, standin));
  } finally {
    standin.close();
  }
}

/** A bench app whose Ollama is at `ollamaUrl`, with a superadmin user and the provider checked. */
export async function withChatApp(
  engine: Engine,
  ollamaUrl: string,
  run: (chat: ChatApp) => Promise<Figure[]>,
): Promise<Figure[]> {
  const { app, url, close } = await startBenchApp(engine, {
    OLLAMA_URL: ollamaUrl,
    AI_CHAT_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  try {
    const { row } = await createUser(app.ctx.database.db, { role: 'superadmin' });
    await aiServicesFor(app.ctx).registry.checkAll();
    const { router } = aiServicesFor(app.ctx);
    const headerSets = bearerSets(await accessTokens(app.ctx.tokens, row));
    return await run({ url, headerSets, driver: app.ctx.database.driver, userId: row.id, router, app });
  } finally {
    await close();
  }
}

const json = { 'content-type': 'application/json' };
export const chatHeaders = (chat: ChatApp) => ({ ...json, ...chat.headerSets[0] });
export const chatBody = JSON.stringify({ message: MESSAGE, provider: 'ollama' });

/** One whole reply through the app; checks it is the stand-in's answer, stored. */
async function chatOnce(chat: ChatApp): Promise<void> {
  const res = await fetch(`${chat.url}/api/ai/chat`, {
    method: 'POST',
    headers: chatHeaders(chat),
    body: chatBody,
  });
  const body = (await res.json()) as { response?: string; provider?: string; messageId?: string };
  if (
    res.status !== 200 ||
    body.provider !== 'ollama' ||
    !body.response?.includes('stand-in') ||
    !body.messageId
  ) {
    throw new Error(`chat through the app failed: ${res.status} ${JSON.stringify(body)}`);
  }
}

/**
 * p50 of a whole reply through POST /api/ai/chat minus p50 of the same provider call made
 * directly, per round (the two interleaved request by request); the median of the rounds' differences.
 */
async function addedLatency(chat: ChatApp, standin: Standin): Promise<Figure> {
  await chatOnce(chat);
  // Exactly the body our router sends the stand-in (model, system prompt, message, options).
  const direct = await standin.lastBody();
  const [viaApp, straight] = (await latencyRounds({
    targets: [
      { url: `${chat.url}/api/ai/chat`, headers: json, headerSets: chat.headerSets, body: chatBody },
      { url: `${standin.url}/api/chat`, headers: json, body: direct },
    ],
    rounds: ROUNDS,
    perRound: PER_ROUND,
    // Steady state, as a server in use is: after 10 requests the route's code was still being
    // compiled (PostgreSQL ~8-10 ms added; after 200, ~4).
    warmup: 200,
  })) as [number[], number[]];
  const added = spread(viaApp.map((ms, i) => ms - (straight[i] as number)));
  return budget({
    name: `chat added latency: p50 of POST /api/ai/chat (${round(spread(viaApp).median)} ms) minus the direct Ollama /api/chat call (${round(spread(straight).median)} ms, ${direct.length}-byte body), new conversation each`,
    engine: chat.driver,
    unit: 'ms',
    value: added,
    budget: ADDED_LATENCY_LIMIT_MS,
  });
}

/** Time to first streamed token through POST /api/ai/chat/stream against the stand-in's own stream. */
async function firstTokenTime(chat: ChatApp, standin: Standin): Promise<Figure> {
  const viaApp = {
    url: `${chat.url}/api/ai/chat/stream`,
    headers: json,
    headerSets: chat.headerSets,
    body: chatBody,
  };
  await latencyRounds({ targets: [viaApp], rounds: 1, perRound: 1, warmup: 0 });
  const body = await standin.lastBody();
  if (!body.includes('"stream":true')) throw new Error(`the router did not stream: ${body}`);
  const [app, straight] = (await latencyRounds({
    targets: [
      { ...viaApp, until: '^event: token$', flags: 'm' },
      // A streamed Ollama line carrying text.
      { url: `${standin.thinkingUrl}/api/chat`, headers: json, body, until: '"content":"[^"]' },
    ],
    rounds: ROUNDS,
    perRound: PER_ROUND / 2,
  })) as [number[], number[]];
  return compare({
    name: `time to first streamed token, p50 through POST /api/ai/chat/stream (stand-in thinks ${FIRST_TOKEN_DELAY_MS} ms before its first token)`,
    engine: chat.driver,
    unit: 'ms',
    app: spread(app),
    limitName: 'the stand-in streaming directly',
    limit: spread(straight),
    goal: { atMost: 1.1 },
  });
}

/**
 * Requests per second with 50 connections from a load generator of its own, each side on a
 * Fastify instance in this process, in alternating rounds:
 * - a bare route proxying the chat's own provider request to the stand-in (the limit);
 * - a route sending the same chat request through the router (`AiRouter.generate`: allowance,
 *   provider choice and fallback, the AI SDK call, cost and the usage row): the figure,
 *   goal >= 0.6;
 * - the whole `POST /api/ai/chat` of the app (adds the access token, validation, the rate limit,
 *   quality checks and storing the conversation durably before answering): reported against the
 *   same limit, without a goal of its own.
 * Every side gets the same requests, each with the next of 2,000 tokens (only the app reads them).
 */
async function chatThroughput(chat: ChatApp, standin: Standin): Promise<Figure[]> {
  await chatOnce(chat);
  const providerBody = await standin.lastBody();
  const side = Fastify({ logger: false });
  side.post('/bare', async () => {
    const res = await fetch(`${standin.url}/api/chat`, { method: 'POST', headers: json, body: providerBody });
    if (res.status !== 200) throw new Error(`stand-in answered ${res.status}`);
    const reply = (await res.json()) as { message: { content: string } };
    return { success: true, response: reply.message.content };
  });
  side.post('/router', async (request) => {
    const { message, provider } = request.body as { message: string; provider: string };
    const r = await chat.router.generate({
      userId: chat.userId,
      messages: [{ role: 'user', content: message }],
      system: systemPromptFor(1),
      provider,
      operation: 'chat',
    });
    return { success: true, response: r.text, model: r.model };
  });
  const sideUrl = await side.listen({ port: 0, host: '127.0.0.1' });
  try {
    const load = (url: string) => async (r: number) => {
      const result = await throughput({
        url,
        method: 'POST',
        body: chatBody,
        headerSets: chat.headerSets,
        connections: CONNECTIONS,
        seconds: r < 0 ? 1 : SECONDS,
      });
      assertClean(url, result);
      return result.requestsPerSec;
    };
    const rounds = await alternate(ROUNDS, {
      bare: load(`${sideUrl}/bare`),
      router: load(`${sideUrl}/router`),
      endpoint: load(`${chat.url}/api/ai/chat`),
    });
    const limit = { limitName: 'bare Fastify route proxying to the stand-in', limit: rounds.bare };
    return [
      compare({
        name: `chat requests through the router (${CONNECTIONS} connections, instant stand-in)`,
        engine: chat.driver,
        unit: 'req/s',
        app: rounds.router,
        ...limit,
        goal: { atLeast: 0.6 },
        digits: 0,
      }),
      compare({
        name: `whole POST /api/ai/chat, conversation stored before answering (${CONNECTIONS} connections)`,
        engine: chat.driver,
        unit: 'req/s',
        app: rounds.endpoint,
        ...limit,
        goal: null,
        digits: 0,
      }),
    ];
  } finally {
    await side.close();
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Forks ai-chat-standin.ts (through tsx, as this bench runs) and waits for its addresses. */
export function startStandin(): Promise<Standin> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const child = fork(path.join(here, 'ai-chat-standin.ts'), [], {
    execArgv: ['--import', 'tsx'],
    cwd: here,
    env: { ...process.env, FIRST_TOKEN_DELAY_MS: String(FIRST_TOKEN_DELAY_MS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (m?.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m);
      };
      const onExit = (code: number | null) => reject(new Error(`the stand-in process exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return next('ready').then((ready) => ({
    url: ready.url as string,
    thinkingUrl: ready.thinkingUrl as string,
    async lastBody() {
      const reply = next('last-body');
      child.send({ type: 'last-body' });
      const body = (await reply).body;
      if (!body) throw new Error('the stand-in has received no generation yet');
      return JSON.stringify(body);
    },
    close: () => child.kill(),
  }));
}
