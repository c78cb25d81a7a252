/**
 * `npx tsx rag-chat-profile.ts`: the rag-chat bench's requests (RAG on / off, interleaved, ROUNDS
 * rounds of 10) with a timeline of each: where the time before the first token goes (PGlite's
 * protocol calls, the text query, the embedding request leaving and answering, the vector scan,
 * the provider's request), printed as medians per step, with the server's CPU time from request
 * to first token (steadier than wall time on a shared machine) and the text query's plan.
 * ENGINE=postgres (BENCH_PG=url) for PostgreSQL; PROFILE_OUT=file also writes a CPU profile.
 */
import diagnostics from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import { ServerResponse } from 'node:http';
import { Session } from 'node:inspector/promises';
import { PGlite } from '@electric-sql/pglite';
import { fileIndexServicesFor } from '../apps/server/src/modules/ai/file-index/file-index-services';
import { startStandin, withChatApp } from './ai-chat.bench';
import { median } from './figure';
import { latencyRounds } from './latency-client';
import { QUESTION, seedIndex } from './rag-chat.bench';

const engine =
  process.env.ENGINE === 'postgres' ? { name: 'postgres', url: process.env.BENCH_PG } : { name: 'pglite' };
type Ev = { at: number; what: string };
const timelines: { start: number; events: Ev[]; cpu: NodeJS.CpuUsage; cpuToToken?: number }[] = [];
let current: (typeof timelines)[number] | null = null;
const mark = (what: string) => current?.events.push({ at: performance.now() - current.start, what });

diagnostics.channel('http.server.request.start').subscribe((m) => {
  const { request } = m as { request: { url?: string } };
  if (!request.url?.includes('/ai/chat/stream')) return;
  current = { start: performance.now(), events: [], cpu: process.cpuUsage() };
  timelines.push(current);
});
const write = ServerResponse.prototype.write;
ServerResponse.prototype.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
  if (
    typeof chunk === 'string' &&
    chunk.includes('event: token') &&
    current &&
    current.cpuToToken === undefined
  ) {
    const used = process.cpuUsage(current.cpu);
    current.cpuToToken = (used.user + used.system) / 1000;
  }
  if (typeof chunk === 'string') for (const m of chunk.matchAll(/^event: (\w+)$/gm)) mark(`send ${m[1]}`);
  return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
} as typeof write;
for (const name of ['execProtocolStream', 'execProtocol'] as const) {
  const orig = PGlite.prototype[name] as (...a: unknown[]) => Promise<unknown>;
  (PGlite.prototype as unknown as Record<string, unknown>)[name] = async function (
    this: PGlite,
    ...a: unknown[]
  ) {
    mark(`${name} start`);
    try {
      return await orig.apply(this, a);
    } finally {
      mark(`${name} end`);
    }
  };
}
const origFetch = globalThis.fetch;
diagnostics.channel('undici:client:sendHeaders').subscribe(() => mark('undici sent'));
diagnostics.channel('undici:request:headers').subscribe(() => mark('undici reply headers'));
let findSql: { text: string; params: unknown[] } | null = null;
const origQuery = PGlite.prototype.query;
PGlite.prototype.query = function (this: PGlite, text: string, params?: unknown[], o?: unknown) {
  if (text.includes('text_hits') && !findSql) findSql = { text, params: params ?? [] };
  return (origQuery as (...a: unknown[]) => Promise<never>).call(this, text, params, o);
} as typeof origQuery;

const standin = await startStandin();
try {
  await withChatApp(engine as never, standin.thinkingUrl, async (chat) => {
    await seedIndex(chat);
    const retrieval = fileIndexServicesFor(chat.app.ctx).retrieval as unknown as {
      d: {
        repo: Record<string, (...a: unknown[]) => Promise<unknown>>;
        embedder: Record<string, (...a: unknown[]) => Promise<unknown>>;
        vectors: Record<string, (...a: unknown[]) => unknown>;
      };
    };
    const wrap = (obj: Record<string, (...a: unknown[]) => unknown>, fn: string, label: string) => {
      const orig = obj[fn] as (...a: unknown[]) => unknown;
      obj[fn] = function (this: unknown, ...a: unknown[]) {
        mark(`${label} start`);
        const r = orig.apply(this, a);
        if (r instanceof Promise) return r.finally(() => mark(`${label} end`));
        mark(`${label} end`);
        return r;
      };
    };
    wrap(retrieval.d.repo, 'find', 'find');
    wrap(retrieval.d.repo, 'chunksByKeys', 'byKeys');
    wrap(retrieval.d.embedder, 'embed', 'embed');
    wrap(retrieval.d.vectors, 'nearest', 'scan');
    globalThis.fetch = (async (...a: Parameters<typeof fetch>) => {
      mark(`fetch ${String(a[0]).replace(/^https?:\/\/[^/]+/, '')} start`);
      try {
        return await origFetch(...a);
      } finally {
        mark('fetch end');
      }
    }) as typeof fetch;
    const body = (useFiles: boolean) => JSON.stringify({ message: QUESTION, provider: 'ollama', useFiles });
    const target = (useFiles: boolean) => ({
      url: `${chat.url}/api/ai/chat/stream`,
      headerSets: chat.headerSets,
      body: body(useFiles),
      until: '^event: token$',
      flags: 'm',
    });
    const session = new Session();
    if (process.env.PROFILE_OUT) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const cpu = process.cpuUsage();
    const [on, off] = await latencyRounds({
      targets: [target(true), target(false)],
      rounds: Number(process.env.ROUNDS ?? 3),
      perRound: 10,
    });
    const used = process.cpuUsage(cpu);
    if (process.env.PROFILE_OUT) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
    }
    console.log(
      'client medians on',
      on,
      'off',
      off,
      'ratio',
      median(on as number[]) / median(off as number[]),
    );
    console.log(
      `server CPU ${((used.user + used.system) / 1000).toFixed(0)} ms over ${timelines.length} requests`,
    );
    // Last 20 requests of each kind (after warm-up): print a few timelines, and medians of step times.
    const rag = timelines.filter((t, i) => i >= 20 && t.events.some((e) => e.what === 'find start'));
    const plain = timelines.filter((t, i) => i >= 20 && !t.events.some((e) => e.what === 'find start'));
    const show = (t: { events: Ev[] }) => t.events.map((e) => `${e.at.toFixed(1)} ${e.what}`).join('\n  ');
    for (const t of rag.slice(-3)) console.log(`RAG:\n  ${show(t)}`);
    for (const t of plain.slice(-2)) console.log(`plain:\n  ${show(t)}`);
    const at = (list: typeof rag, what: string) =>
      median(
        list.map((t) => t.events.find((e) => e.what === what)?.at ?? Number.NaN).filter(Number.isFinite),
      ).toFixed(1);
    for (const w of [
      'find start',
      'embed start',
      'fetch /api/embed start',
      'undici sent',
      'undici reply headers',
      'find end',
      'embed end',
      'byKeys start',
      'byKeys end',
      'fetch /api/chat start',
      'send sources',
      'send token',
    ])
      console.log(`RAG ${w}: ${at(rag, w)}`);
    for (const w of ['fetch /api/chat start', 'send token']) console.log(`plain ${w}: ${at(plain, w)}`);
    const sqlIn = (t: { events: Ev[] }, kind: RegExp) => t.events.filter((e) => kind.test(e.what)).length;
    if (findSql && engine.name === 'pglite') {
      const f = findSql as { text: string; params: unknown[] };
      for (let i = 0; i < 3; i++) {
        const r = await (chat.app.ctx.database.db as unknown as { $client: PGlite }).$client.query(
          `explain (analyze, buffers) ${f.text}`,
          f.params,
        );
        if (i === 2)
          console.log((r.rows as { 'QUERY PLAN': string }[]).map((x) => x['QUERY PLAN']).join('\n'));
      }
      console.log(JSON.stringify(f.params));
    }
    console.log(
      'pglite calls before token, RAG',
      median(rag.map((t) => sqlIn(t, /exec.*start/))),
      'plain',
      median(plain.map((t) => sqlIn(t, /exec.*start/))),
    );
    const cpuTo = (list: typeof rag) =>
      median(list.map((t) => t.cpuToToken ?? Number.NaN).filter(Number.isFinite)).toFixed(2);
    console.log(
      `server CPU from request to first token, median: RAG ${cpuTo(rag)} ms, plain ${cpuTo(plain)} ms`,
    );
    return [];
  });
} finally {
  standin.close();
}
process.exit(0);
