import type { FastifyReply, FastifyRequest } from 'fastify';
import { SSE_HEADERS } from './sse';

/** How often a stream looks at the lease row for a run in another process. */
const POLL_MS = 500;
const KEEPALIVE_MS = 15_000;
/** When nothing runs the stream ends; an EventSource comes back after this. */
const IDLE_RETRY_MS = 2000;

/** Where a long run's progress comes from (seeding, knowledge extraction, learning cycles). */
export interface ProgressFeed<P> {
  /** Progress of a run in this process, as it happens; answers the unsubscribe. */
  subscribe(on: (p: P) => void): () => void;
  /**
   * The run as the database says now (its lease row), for a run in another process: the running
   * state, or, once none runs, the finished state following `last` (the last event sent), or null.
   */
  poll(last: P | null): Promise<P | null>;
  running(p: P): boolean;
  /** The one event of a stream that finds nothing running. */
  idle: object;
  /** For the log. */
  name: string;
}

/**
 * Streams the progress of the run in progress as server-sent events (`progress` ..., then `done`)
 * and ends after it finishes; when none runs, one `idle` event with a retry delay, and the end.
 * Events come at once from a run in this process and from the lease row for a run elsewhere.
 */
export async function streamProgress<P>(request: FastifyRequest, reply: FastifyReply, feed: ProgressFeed<P>) {
  reply.hijack();
  reply.raw.writeHead(200, SSE_HEADERS);
  let closed = false;
  let last: P | null = null;
  let lastText = '';
  const send = (event: string, data: unknown) => {
    if (closed || reply.raw.writableEnded) return;
    reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    reply.raw.socket?.uncork();
  };
  await new Promise<void>((resolve) => {
    const finish = () => {
      if (closed) return;
      closed = true;
      unsubscribe();
      clearInterval(poll);
      clearInterval(keepalive);
      resolve();
    };
    const onProgress = (p: P) => {
      // A finished run seen before any running one is the previous run, not this stream's.
      if (!feed.running(p) && last === null) return;
      const text = JSON.stringify(p);
      if (text === lastText) return;
      lastText = text;
      last = p;
      if (feed.running(p)) send('progress', p);
      else {
        send('done', p);
        finish();
      }
    };
    const unsubscribe = feed.subscribe(onProgress);
    const look = () =>
      feed.poll(last).then(
        (p) => {
          if (!closed && p) onProgress(p);
        },
        (err) => request.log.error({ err }, `${feed.name} progress poll failed`),
      );
    const poll = setInterval(look, POLL_MS);
    const keepalive = setInterval(() => {
      if (!closed) reply.raw.write(': keep-alive\n\n');
    }, KEEPALIVE_MS);
    reply.raw.on('close', finish);
    void look().then(() => {
      if (last !== null || closed) return;
      reply.raw.write(`retry: ${IDLE_RETRY_MS}\n`);
      send('idle', feed.idle);
      finish();
    });
  });
  reply.raw.end();
  return reply;
}
