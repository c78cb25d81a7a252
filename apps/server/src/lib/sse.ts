import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** Response headers of a server-sent event stream: never cached or transformed, never buffered by a proxy. */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const;

/** Sends one named event on an open stream. */
export type SendEvent = (event: string, data: unknown) => void;

/**
 * Answers a POST with a server-sent event stream produced by `run`, ending with `done` (its
 * result) or `error`. The headers go out with the first event, so a refusal before any event is
 * still a plain JSON error (thrown to Fastify's error handler). The signal aborts when the client
 * goes away. AppError messages are written for users; anything else is logged and answered as an
 * internal error.
 */
export async function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  label: string,
  run: (send: SendEvent, signal: AbortSignal) => Promise<unknown>,
): Promise<FastifyReply> {
  const controller = new AbortController();
  let open = false;
  const send: SendEvent = (event, data) => {
    if (!open) {
      open = true;
      reply.hijack();
      reply.raw.writeHead(200, SSE_HEADERS);
      reply.raw.on('close', () => controller.abort());
    }
    if (reply.raw.writableEnded) return;
    reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    // Node holds a response's writes (corks its socket) until the next tick, and a burst of
    // tokens is handled in one run of promise callbacks that can last until the reply is
    // stored: send each event now.
    reply.raw.socket?.uncork();
  };
  try {
    send('done', await run(send, controller.signal));
  } catch (err) {
    if (!open) throw err;
    const known = err instanceof AppError ? err : null;
    if (!known) request.log.error({ err }, `${label} failed`);
    send('error', {
      success: false,
      error: { code: known?.code ?? 'INTERNAL_ERROR', message: known?.message ?? 'Internal server error' },
    });
  }
  reply.raw.end();
  return reply;
}
