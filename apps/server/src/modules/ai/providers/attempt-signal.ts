import type { AiRequest } from './ai-request';

/** One attempt's abort signal: the caller's own, or the request timeout, restarted by each piece. */
export interface AttemptSignal {
  signal: AbortSignal;
  controller: AbortController;
  /** Something arrived: the timeout starts over. */
  touch(): void;
  /** The attempt is over: the timer and the caller's listener go. */
  done(): void;
}

/** Aborts the attempt when the caller's signal does, or when nothing arrived for `timeoutMs`. */
export function attemptSignal(req: Pick<AiRequest, 'signal'>, timeoutMs: number): AttemptSignal {
  const controller = new AbortController();
  const timeout = () => {
    const e = new Error('timed out');
    e.name = 'TimeoutError';
    controller.abort(e);
  };
  let timer = setTimeout(timeout, timeoutMs);
  const onAbort = () => controller.abort(req.signal?.reason);
  req.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    controller,
    touch: () => {
      clearTimeout(timer);
      timer = setTimeout(timeout, timeoutMs);
    },
    done: () => {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
    },
  };
}
