import type { ExtractionProgress } from '@stratos/contracts/ai/extraction.schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SSE_HEADERS } from '../../../lib/sse';
import type { ExtractionService } from './extraction.service';

/** How often the stream looks at the lease row for a run in another process. */
const POLL_MS = 500;
const KEEPALIVE_MS = 15_000;
/** When no run is in progress the stream ends; EventSource reconnects after this. */
const IDLE_RETRY_MS = 2000;

/**
 * Streams the extraction in progress and ends after it finishes (or at once, with an idle event,
 * when none runs): events come at once from a run in this process and from the lease row (polled)
 * for a run elsewhere. The same shape as the seeding stream.
 */
export async function streamExtractionProgress(
  request: FastifyRequest,
  reply: FastifyReply,
  extraction: ExtractionService,
) {
  reply.hijack();
  reply.raw.writeHead(200, SSE_HEADERS);
  let closed = false;
  let sawRun = false;
  let last = '';
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
    const onProgress = (p: ExtractionProgress) => {
      // A finished run seen before any running one is the last run, not this stream's.
      if (!p.isExtracting && !sawRun) return;
      const text = JSON.stringify(p);
      if (text === last) return;
      last = text;
      sawRun = true;
      if (p.isExtracting) send('progress', p);
      else {
        send('done', p);
        finish();
      }
    };
    const unsubscribe = extraction.subscribe(onProgress);
    const look = () =>
      extraction.progress().then(
        (p) => {
          if (!closed && p) onProgress(p);
        },
        (err) => request.log.error({ err }, 'extraction progress poll failed'),
      );
    const poll = setInterval(look, POLL_MS);
    const keepalive = setInterval(() => {
      if (!closed) reply.raw.write(': keep-alive\n\n');
    }, KEEPALIVE_MS);
    reply.raw.on('close', finish);
    void look().then(() => {
      if (sawRun || closed) return;
      reply.raw.write(`retry: ${IDLE_RETRY_MS}\n`);
      send('idle', { isExtracting: false });
      finish();
    });
  });
  reply.raw.end();
  return reply;
}
