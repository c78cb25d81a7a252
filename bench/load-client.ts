/**
 * The load generator of the throughput figures, run in a process of its own (so it never shares
 * the server's thread) by `throughput()`: autocannon for a number of seconds with `connections`
 * keep-alive connections. When `headerSets` is given, each request takes the next set (one
 * counter for all connections), so e.g. 2,000 tokens are each sent once every 2,000 requests.
 * Prints one JSON line: 2xx per second, non-2xx, errors, p50 latency.
 *
 *   echo '<json job>' | node --import tsx load-client.ts
 */
import autocannon from 'autocannon';
import { readJob, runClient } from './child';

export interface LoadJob {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  headerSets?: Record<string, string>[];
  connections: number;
  seconds: number;
  /**
   * Seconds of the same load first, not counted: the side is measured in its steady state, with
   * what piled up while other sides were measured (expired cache entries, say) already served.
   */
  leadInSeconds?: number;
  /**
   * For a warm-up, which is never counted: the run goes on, `seconds` at a time, until at least
   * this many requests were answered, so a side that starts slowly (caches still empty) is warmed
   * as far as a fast one.
   */
  atLeastRequests?: number;
}

export interface LoadResult {
  requestsPerSec: number;
  non2xx: number;
  errors: number;
  p50: number;
}

/** Runs one load job in a child process. */
export function throughput(job: LoadJob): Promise<LoadResult> {
  return runClient<LoadResult>('load-client.ts', job);
}

async function main(job: LoadJob) {
  const sets = job.headerSets ?? [];
  let next = 0;
  const headers = {
    ...(job.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...job.headers,
  };
  const load = (duration: number) =>
    autocannon({
      url: job.url,
      connections: job.connections,
      duration,
      requests: [
        {
          method: job.method ?? 'GET',
          body: job.body,
          headers,
          ...(sets.length > 0
            ? {
                setupRequest: (req: autocannon.Request) => {
                  const set = sets[next++ % sets.length];
                  return { ...req, headers: { ...headers, ...set } };
                },
              }
            : {}),
        },
      ],
    });
  // The rotation through the header sets carries on from the lead-in into the measured run.
  if (job.leadInSeconds) await load(job.leadInSeconds);
  let result = await load(job.seconds);
  for (let answered = result['2xx']; answered < (job.atLeastRequests ?? 0); answered += result['2xx']) {
    result = await load(job.seconds);
  }
  const ok = result['2xx'];
  const out: LoadResult = {
    requestsPerSec: ok / result.duration,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    p50: result.latency.p50,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

if (process.argv[1]?.endsWith('load-client.ts')) await main(await readJob<LoadJob>());
