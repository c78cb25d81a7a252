import type { LearningProgress } from '@stratos/contracts/ai/learning.schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SSE_HEADERS } from '../../../lib/sse';
import type { LearningService } from './learning.service';

/** How often the stream looks at the lease row for a cycle in another process. */
const POLL_MS = 500;
const KEEPALIVE_MS = 15_000;
/** When no cycle runs the stream ends; EventSource reconnects after this. */
const IDLE_RETRY_MS = 2000;

/**
 * Streams the cycle in progress and ends after it finishes (or at once, with an idle event, when
 * none runs): events come at once from a cycle in this process and from the lease row for one
 * elsewhere (the seeding progress stream's pattern).
 */
export async function streamLearningProgress(
  request: FastifyRequest,
  reply: FastifyReply,
  learning: LearningService,
) {
  reply.hijack();
  reply.raw.writeHead(200, SSE_HEADERS);
  let closed = false;
  let sawRun = false;
  let last: LearningProgress | null = null;
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
    const onProgress = (p: LearningProgress) => {
      const text = JSON.stringify(p);
      if (text === lastText) return;
      lastText = text;
      last = p;
      sawRun = true;
      if (p.status === 'running') send('progress', p);
      else {
        send('done', p);
        finish();
      }
    };
    const unsubscribe = learning.subscribe(onProgress);
    const look = () =>
      learning.progressState().then(
        ({ running, lastStatus }) => {
          if (closed) return;
          if (running) onProgress(running);
          else if (sawRun && last?.status === 'running') {
            // Ended in another process: the lease row says how.
            const status = lastStatus === 'failed' ? 'failed' : 'succeeded';
            onProgress({ ...last, isRunning: false, status });
          }
        },
        (err) => request.log.error({ err }, 'learning progress poll failed'),
      );
    const poll = setInterval(look, POLL_MS);
    const keepalive = setInterval(() => {
      if (!closed) reply.raw.write(': keep-alive\n\n');
    }, KEEPALIVE_MS);
    reply.raw.on('close', finish);
    void look().then(() => {
      if (sawRun || closed) return;
      reply.raw.write(`retry: ${IDLE_RETRY_MS}\n`);
      send('idle', { isRunning: false });
      finish();
    });
  });
  reply.raw.end();
  return reply;
}
