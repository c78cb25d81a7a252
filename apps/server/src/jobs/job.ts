import type { z } from 'zod';

/** What a running handler is given. */
export interface JobRun {
  /** Records progress in job_runs (readable by operators) and renews this node's lease. */
  progress(message: string): Promise<void>;
  /** Aborted when the scheduler stops or this node loses the lease; a handler checks it between steps. */
  readonly signal: AbortSignal;
}

/**
 * A periodic job: one name, one typed payload, exactly one handler. `intervalMs` is cluster-wide:
 * whichever node holds the lease starts a run once `intervalMs` has passed since the last start.
 */
export interface JobDefinition<P> {
  name: string;
  intervalMs: number;
  /** Validates a payload handed to `runNow` from outside the code (an admin action, a CLI). */
  payload: z.ZodType<P>;
  /** The payload of a scheduled run. */
  defaultPayload: P;
  handler(payload: P, run: JobRun): Promise<void>;
}

/** Identity helper that keeps `P` tied between payload, defaultPayload and handler. */
export function defineJob<P>(job: JobDefinition<P>): JobDefinition<P> {
  return job;
}
