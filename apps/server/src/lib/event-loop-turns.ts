/**
 * Resolves after `n` turns of the event loop (each past its check phase). fetch writes a request
 * to its socket in the turn after it is called, so two turns after a fetch call its request has
 * left: work that would hold this thread (a PGlite query, a socket write of our own) can then run
 * without delaying it.
 */
export async function eventLoopTurns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Turns of the event loop after which a request passed to fetch has been written. */
export const FETCH_SENT_TURNS = 2;
