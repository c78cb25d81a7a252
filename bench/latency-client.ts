/**
 * The client of the latency figures, in a process of its own: a client sharing the server's
 * thread would only see a reply (or a streamed token) once the server finished its turn of the
 * event loop. One request at a time, the targets interleaved request by request (A B A B ...),
 * in `rounds` rounds of `perRound` requests per target after `warmup` requests each. Each
 * target may rotate through header sets (e.g. many tokens). A request is timed to the end of
 * its reply, or until the text received matches `until`; every reply must be a 200 (or
 * `status`). Prints `times[round][target][request]` in milliseconds.
 *
 *   echo '<json job>' | node --import tsx latency-client.ts
 */

import { readJob, runClient } from './child';
import { median } from './figure';

export interface LatencyTarget {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  headerSets?: Record<string, string>[];
  body?: string;
  until?: string;
  flags?: string;
  status?: number;
}

export interface LatencyJob {
  targets: LatencyTarget[];
  rounds: number;
  perRound: number;
  warmup?: number;
}

/** Runs the job in a child process; returns each target's per-round medians (ms). */
export async function latencyRounds(job: LatencyJob): Promise<number[][]> {
  const times = await runClient<number[][][]>('latency-client.ts', job);
  return job.targets.map((_, t) => times.map((round) => median(round[t] as number[])));
}

async function main(job: LatencyJob) {
  const turns = job.targets.map(() => 0);
  const once = async (t: LatencyTarget, index: number) => {
    const sets = t.headerSets ?? [];
    const set = sets.length > 0 ? sets[turns[index]++ % sets.length] : {};
    const started = performance.now();
    const res = await fetch(t.url, {
      method: t.method ?? (t.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(t.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...t.headers,
        ...set,
      },
      body: t.body,
    });
    const decoder = new TextDecoder();
    const until = t.until ? new RegExp(t.until, t.flags) : null;
    let text = '';
    let at: number | null = null;
    for await (const chunk of res.body ?? []) {
      text += decoder.decode(chunk as Uint8Array, { stream: true });
      if (until && at === null && until.test(text)) at = performance.now() - started;
    }
    if (!until) at = performance.now() - started;
    if (res.status !== (t.status ?? 200) || at === null || text.includes('event: error')) {
      throw new Error(`${t.url} answered ${res.status}: ${text.slice(0, 300)}`);
    }
    return at;
  };
  for (let i = 0; i < (job.warmup ?? 10); i++) for (const [n, t] of job.targets.entries()) await once(t, n);
  const times: number[][][] = [];
  for (let r = 0; r < job.rounds; r++) {
    const round = job.targets.map(() => [] as number[]);
    for (let i = 0; i < job.perRound; i++) {
      for (const [n, t] of job.targets.entries()) round[n]?.push(await once(t, n));
    }
    times.push(round);
  }
  process.stdout.write(JSON.stringify(times));
}

if (process.argv[1]?.endsWith('latency-client.ts')) await main(await readJob<LatencyJob>());
