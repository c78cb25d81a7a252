import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { eventLoopTurns, FETCH_SENT_TURNS } from './event-loop-turns';

/** Response headers of a server-sent event stream: never cached or transformed, never buffered by a proxy. */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const;

/**
 * Sends one named event on an open stream. `later`: written with the next event, or once a
 * request passed to fetch meanwhile has been written (FETCH_SENT_TURNS), whichever comes first.
 */
export type SendEvent = (event: string, data: unknown, opts?: { later?: boolean }) => void;

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
  /** Events sent `later`, not yet written. */
  let held = '';
  const write = (text: string) => {
    if (!open) {
      open = true;
      reply.hijack();
      reply.raw.writeHead(200, SSE_HEADERS);
      reply.raw.on('close', () => controller.abort());
    }
    if (reply.raw.writableEnded) return;
    reply.raw.write(held + text);
    held = '';
    // Node holds a response's writes (corks its socket) until the next tick, and a burst of
    // tokens is handled in one run of promise callbacks that can last until the reply is
    // stored: send each event now.
    reply.raw.socket?.uncork();
  };
  const send: SendEvent = (event, data, opts) => {
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    if (!opts?.later) return write(text);
    // An event the client need not have this instant (chat's sources, sent just before the
    // provider is called): its write to the socket, a system call that can take a millisecond on
    // a busy machine, waits until the request it precedes has left instead of delaying it.
    const first = held === '';
    held += text;
    if (first) void eventLoopTurns(FETCH_SENT_TURNS).then(() => held && write(''));
  };
  try {
    send('done', await run(send, controller.signal));
  } catch (err) {
    // Nothing sent yet: a plain JSON error (an event held back counts as sent: it goes first).
    if (!open && held === '') throw err;
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
