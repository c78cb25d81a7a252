import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { authSession } from '../../../lib/auth-session';
import { tokenIsFresh } from '../../../lib/jwt';
import { parseServerEvents } from '../../../lib/live-events';

/** How long to wait before looking again after the server said nothing runs (its `retry`). */
const IDLE_RETRY_MS = 2000;
const ERROR_RETRY_MS = 5000;
/** While a run asked for here has not shown up yet. */
const EAGER_RETRY_MS = 200;

export interface ProgressHandlers<T> {
  /** A progress event of the run in progress. */
  onProgress(p: T): void;
  /** The run ended (its last state). */
  onDone(p: T): void;
}

/**
 * Follows one of the console's server-sent progress streams (seeding, extraction, learning) while
 * mounted: fetch with the bearer token (EventSource cannot send it), events checked with the
 * contract's schema; when the server says nothing runs (idle) or the stream ends, it looks again
 * after the server's retry delay, so a run started anywhere shows up without reloading.
 */
export function useProgressStream<T>(
  path: string,
  schema: z.ZodType<T>,
  handlers: ProgressHandlers<T>,
  /** A run was just asked for here: look again at once and keep looking quickly while idle. */
  eager = false,
): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  const eagerRef = useRef(eager);
  eagerRef.current = eager;
  const wake = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (eager) wake.current?.();
  }, [eager]);
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, eagerRef.current ? Math.min(ms, EAGER_RETRY_MS) : ms);
        wake.current = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    void (async () => {
      while (!signal.aborted) {
        let pause = IDLE_RETRY_MS;
        try {
          let token = authSession.accessToken();
          if (token && !tokenIsFresh(token)) {
            await authSession.refresh();
            token = authSession.accessToken();
          }
          if (!token) return;
          const res = await fetch(`/api${path}`, {
            headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
            signal,
          });
          if (!res.ok || !res.body) pause = ERROR_RETRY_MS;
          else {
            const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
            let buffer = '';
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              const parsed = parseServerEvents(buffer + value);
              buffer = parsed.rest;
              for (const e of parsed.events) {
                if (e.type !== 'progress' && e.type !== 'done') continue;
                const data = schema.safeParse(e.data);
                if (!data.success) continue;
                if (e.type === 'progress') ref.current.onProgress(data.data);
                else ref.current.onDone(data.data);
              }
            }
          }
        } catch {
          if (signal.aborted) return;
          pause = ERROR_RETRY_MS;
        }
        await wait(pause);
      }
    })();
    return () => controller.abort();
  }, [path, schema]);
}
