/**
 * A load client that sends exactly `n` POSTs (so a balance can be checked afterwards) with
 * `clients` concurrent keep-alive connections, in a process of its own; each request takes the
 * next of `headerSets` when given. Prints how many succeeded (200), failed, and the milliseconds.
 *
 *   echo '<json job>' | node --import tsx count-client.ts
 */
import http from 'node:http';
import { readJob, runClient } from './child';

export interface CountJob {
  url: string;
  body: string;
  headerSets?: Record<string, string>[];
  n: number;
  clients: number;
}

export interface CountResult {
  ok: number;
  failed: number;
  ms: number;
}

export function countedRun(job: CountJob): Promise<CountResult> {
  return runClient<CountResult>('count-client.ts', job);
}

async function main(job: CountJob) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.clients });
  const sets = job.headerSets ?? [];
  const base = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(job.body)) };
  let turn = 0;
  const once = () =>
    new Promise<boolean>((resolve) => {
      const headers = sets.length > 0 ? { ...base, ...sets[turn++ % sets.length] } : base;
      const req = http.request(job.url, { method: 'POST', agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
      });
      req.on('error', () => resolve(false));
      req.end(job.body);
    });
  let sent = 0;
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: job.clients }, async () => {
      while (sent < job.n) {
        sent++;
        if (await once()) ok++;
        else failed++;
      }
    }),
  );
  const result: CountResult = { ok, failed, ms: performance.now() - started };
  process.stdout.write(JSON.stringify(result));
  agent.destroy();
}

if (process.argv[1]?.endsWith('count-client.ts')) await main(await readJob<CountJob>());
