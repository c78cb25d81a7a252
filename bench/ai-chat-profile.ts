/**
 * `npx tsx ai-chat-profile.ts`: 50 clients on POST /api/ai/chat for BENCH_SECONDS (10 by default)
 * while the server's thread is profiled; writes ai-chat.cpuprofile (PROFILE_OUT) for reading the
 * top self-time functions, and the server CPU time per reply. Only the chat endpoint's load is in
 * the profile.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { chatBody, startStandin, withChatApp } from './ai-chat.bench';
import { throughput } from './load-client';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** PROFILE_OUT= (empty) measures without profiling. */
const out = process.env.PROFILE_OUT ?? 'ai-chat.cpuprofile';
const standin = await startStandin();
try {
  await withChatApp({ name: 'pglite' }, standin.url, async (chat) => {
    const load = (s: number) =>
      throughput({
        url: `${chat.url}/api/ai/chat`,
        method: 'POST',
        body: chatBody,
        headerSets: chat.headerSets,
        connections: 50,
        seconds: s,
      });
    await load(1);
    const session = new Session();
    if (out) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const cpu = process.cpuUsage();
    const r = await load(seconds);
    const used = process.cpuUsage(cpu);
    if (out) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(out, JSON.stringify(profile));
    }
    // CPU time of this process (the server; the stand-in and the load generator run apart) per
    // reply: steadier than requests per second on a machine other work shares.
    const perReply = (used.user + used.system) / 1000 / (r.requestsPerSec * seconds);
    console.log(
      `${Math.round(r.requestsPerSec)} req/s, ${r.non2xx} non-2xx, ${perReply.toFixed(2)} ms of server CPU per reply${out ? `; profile in ${out}` : ''}`,
    );
    return [];
  });
} finally {
  standin.close();
}
process.exit(0);
