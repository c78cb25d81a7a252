import type { AppContext } from '../app-context';

export interface BackgroundDrain {
  /** Starts a drain in this process (when JOBS_ENABLED), in the background. */
  kick(): void;
  /** Stops a background drain (the app is closing) and waits for it. */
  stop(): Promise<void>;
}

/**
 * A queue's drain run in the background of this process as soon as there is work (an upload
 * queued a file), beside its periodic job: kicked, it runs once; the app's close aborts it and
 * waits. Tests run their drains themselves (JOBS_ENABLED=false); so does a node that runs no jobs.
 */
export function backgroundDrain(
  ctx: Pick<AppContext, 'config' | 'log'>,
  what: string,
  drain: (signal: AbortSignal) => Promise<unknown>,
): BackgroundDrain {
  const controller = new AbortController();
  let background: Promise<unknown> | null = null;
  return {
    kick: () => {
      if (!ctx.config.jobsEnabled || controller.signal.aborted) return;
      background = drain(controller.signal).catch((err) => ctx.log.error({ err }, `${what} failed`));
    },
    stop: async () => {
      controller.abort();
      await background;
    },
  };
}
