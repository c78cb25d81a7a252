/**
 * `npx tsx preferences-profile.ts`: the authenticated GET figure's sides taken apart. 50 connections
 * from a load generator of its own on the app's GET /api/user-preferences, then on the figure's
 * limit (the same token check and prepared read), then on the read with no token check,
 * BENCH_SECONDS each (10 by default) after a warm-up of BENCH_WARMUP (8), with as many users and
 * tokens as the figure (TOKENS), while this process (the server side of all three) is profiled.
 * Prints the server CPU per reply of each and writes preferences-{app,verified,bare}.cpuprofile
 * (PROFILE_DIR, empty: no profile). BENCH_ENGINES=postgres for PostgreSQL; COUNT_STATEMENTS=1 also
 * lists what the database ran.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { enginesToRun, startBenchApp } from './engine';
import { throughput } from './load-client';
import { bareRead, usersWithPreferences, verifiedRead } from './preferences.bench';
import { CONNECTIONS } from './support';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// Long enough for nearly every user's account state to be cached, as in the figure's rounds: after
// 2 s, about two requests in five still read it.
const warmup = Number(process.env.BENCH_WARMUP ?? 8);
const dir = process.env.PROFILE_DIR ?? '.';
const [engine] = (await enginesToRun()).engines;
if (!engine) throw new Error('no engine');
const bench = await startBenchApp(engine);
const bare = Fastify({ logger: false });
try {
  const db = bench.database.db;
  const headerSets = await usersWithPreferences(db, bench.app.ctx.tokens);
  const find = bareRead(db, bare, '/bare');
  bare.get('/verified', verifiedRead(bench.app.ctx.secrets.jwtSecret, find));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const load = (url: string, s: number) =>
    throughput({ url, headerSets, connections: CONNECTIONS, seconds: s });
  // COUNT_STATEMENTS=1: what the database ran in each round. On PostgreSQL every statement goes
  // through the pool's query(); on PGlite ad-hoc statements go through query() and executions of
  // prepared ones (db/pglite-prepared.ts) through execProtocolStream().
  const client = (db as unknown as { $client: Record<string, (...a: unknown[]) => unknown> }).$client;
  const counts = new Map<string, number>();
  const count = (label: string) => counts.set(label, (counts.get(label) ?? 0) + 1);
  for (const method of ['query', 'execProtocolStream', 'execProtocolRawSync']) {
    const original = client[method]?.bind(client);
    if (!process.env.COUNT_STATEMENTS || !original) continue;
    client[method] = (...a: unknown[]) => {
      const first = a[0] as string | { text?: string } | Uint8Array;
      const text = typeof first === 'string' ? first : first instanceof Uint8Array ? '' : (first.text ?? '');
      count(`${method}: ${text.replace(/\s+/g, ' ').trim().slice(0, 80) || '(protocol messages)'}`);
      return original(...a);
    };
  }
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  const urls: Record<string, string> = {
    app: `${bench.url}/api/user-preferences`,
    verified: `${bareUrl}/verified`,
    bare: `${bareUrl}/bare`,
  };
  // PROFILE_SIDES=verified,app: which sides, in what order (JIT state carries from one to the next).
  for (const name of (process.env.PROFILE_SIDES ?? 'app,verified,bare').split(',')) {
    const url = urls[name];
    if (!url) throw new Error(`PROFILE_SIDES: no side ${name}`);
    await load(url, warmup);
    if (dir) await session.post('Profiler.start');
    counts.clear();
    const cpu = process.cpuUsage();
    const r = await load(url, seconds);
    const used = process.cpuUsage(cpu);
    if (dir) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(path.join(dir, `preferences-${name}.cpuprofile`), JSON.stringify(profile));
    }
    for (const [label, n] of counts) console.log(`  ${n} x ${label}`);
    const perReply = (used.user + used.system) / (r.requestsPerSec * seconds);
    console.log(
      `${engine.name} ${name}: ${Math.round(r.requestsPerSec)} req/s, ${r.non2xx} non-2xx, ${perReply.toFixed(0)} us of server CPU per reply`,
    );
  }
} finally {
  await bare.close();
  await bench.close();
}
process.exit(0);
