import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { AiRequest, AiUsage, Attempt } from './ai-router';
import { AiRouter } from './ai-router';
import type { AiUsageService } from './ai-usage.service';
import type { RequestPayment } from './call-payment';
import type { NewUsageRow } from './providers.repository';

/**
 * Links the usage rows of one router request (each attempt of its fallback chain) so a fallback
 * can be counted from the log: every row gets `metadata.requestId` and `metadata.attempt`
 * (1-based, counting the attempts logged before it). A request answered at attempt > 1 is a
 * fallback (its first attempt failed and a later one succeeded).
 *
 * Done around the router rather than inside it: the router's `fail` and `succeed` run inside the
 * request's trace, and the usage log's `record` tags what is written within one.
 */
interface Trace {
  requestId: string;
  /** Failed attempts logged so far. */
  failures: number;
}

const traces = new WeakMap<AiRequest, Trace>();
const current = new AsyncLocalStorage<Trace>();

function traceOf(req: AiRequest): Trace {
  let t = traces.get(req);
  if (!t) {
    t = { requestId: randomUUID(), failures: 0 };
    traces.set(req, t);
  }
  return t;
}

/** The row with its request id and attempt number, when written within a traced attempt. */
export function tagAttempt(row: NewUsageRow): NewUsageRow {
  const t = current.getStore();
  if (!t || row.metadata?.requestId === t.requestId) return row;
  const attempt = t.failures + 1;
  if (!row.success) t.failures++;
  return { ...row, metadata: { ...row.metadata, requestId: t.requestId, attempt } };
}

/** The usage service as the router sees it: rows tagged before they are written. */
export function taggingUsage(usage: AiUsageService): Pick<AiUsageService, 'admit' | 'record'> {
  return {
    admit: (userId) => usage.admit(userId),
    record: (row) => usage.record(tagAttempt(row)),
  };
}

/** The router with each attempt's usage row tagged (see above). */
export class TracedAiRouter extends AiRouter {
  override fail(a: Attempt, req: AiRequest, pay: RequestPayment, err: unknown, streamed: boolean) {
    return current.run(traceOf(req), () => super.fail(a, req, pay, err, streamed));
  }

  override async succeed(a: Attempt, req: AiRequest, pay: RequestPayment, usage: AiUsage, streamed: boolean) {
    const t = traceOf(req);
    const out = await current.run(t, () => super.succeed(a, req, pay, usage, streamed));
    // A deferred row is written by the caller, outside the trace: tagged here.
    const row = out.usageRow;
    if (row) out.usageRow = current.run(t, () => tagAttempt(row));
    return out;
  }
}
