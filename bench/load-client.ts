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
   * The lead-in goes on, `leadInSeconds` at a time, until it has answered at least this many
   * requests, so a side that runs slowly while its caches fill is brought as far as a fast one.
   */
  leadInRequests?: number;
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
  if (job.leadInSeconds) {
    let answered = 0;
    do {
      const lead = await load(job.leadInSeconds);
      answered += lead['2xx'];
      // A lead-in that answers nothing ends too: the measured run reports the errors.
      if (lead['2xx'] === 0) break;
    } while (answered < (job.leadInRequests ?? 0));
  }
  const result = await load(job.seconds);
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
