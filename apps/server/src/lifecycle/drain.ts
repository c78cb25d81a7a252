import type { FastifyInstance } from 'fastify';

/**
 * Closes the app the way a rolling deploy needs: the listener stops at once (new connections are
 * refused, a new request on a kept-alive connection gets 503 and `connection: close`), requests in
 * progress (an upload's multipart body, a tus PATCH) run to their end, then the onClose hooks
 * close the database. Whatever is still running after `timeoutMs` has its connection cut, so the
 * close finishes anyway: an unfinished upload leaves a temporary object that the next sweep
 * removes, and a tus client resumes against another process.
 */
export async function drainAndClose(
  app: FastifyInstance,
  timeoutMs: number,
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
): Promise<void> {
  const started = Date.now();
  const timer = setTimeout(() => {
    log.warn({ timeoutMs }, 'shutdown: requests still running after the timeout; closing their connections');
    app.server.closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  log.info({ ms: Date.now() - started }, 'shutdown: drained and closed');
}
