import { AppError } from '../../../lib/app-error';
import type { AiRequest, AiResult, AiStream, AiUsage, AttemptRecord } from './ai-request';
import { toUsage } from './ai-request';
import type { Attempt, AttemptLedger } from './attempt-ledger';
import type { AttemptSignal } from './attempt-signal';
import { promptTokenBound, type RequestPayment } from './call-payment';
import type { StreamPart } from './direct-generate';

/**
 * Usage of a stream the provider never reported (our reader stopped before its end): estimated
 * from what was sent, about four bytes a token, so stopping early is paid for as far as it went.
 */
function usageSoFar(req: AiRequest, text: string): AiUsage {
  const promptTokens = Math.ceil(promptTokenBound(req) / 4);
  const completionTokens = Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

/**
 * Passes a started stream's text on, then settles the call: usage row and charge when it ended
 * (or its reader stopped: what was sent still counts), the hold back and the error when it broke.
 */
export function relayStream(x: {
  ledger: AttemptLedger;
  attempt: Attempt;
  req: AiRequest;
  pay: RequestPayment;
  parts: AsyncIterator<StreamPart>;
  first: string;
  signal: AttemptSignal;
  failed: AttemptRecord[];
}): AiStream {
  const { attempt: a, req, pay, signal: s } = x;
  let settle!: { resolve(r: AiResult): void; reject(e: unknown): void };
  const result = new Promise<AiResult>((resolve, reject) => {
    settle = { resolve, reject };
  });
  result.catch(() => {});
  async function* text(): AsyncGenerator<string> {
    let all = x.first;
    let usage: AiUsage | null = null;
    let finished = false;
    let errored = false;
    const complete = async () => {
      // No usage from the provider: a paid call is charged for what was sent; a free one logs none.
      const counted = usage ?? (finished && !a.hold ? toUsage(undefined) : usageSoFar(req, all));
      const done = await x.ledger.succeed(a, req, pay, counted, true);
      settle.resolve({
        text: all,
        provider: a.c.id,
        model: a.model,
        usage: counted,
        ...done,
        failed: x.failed,
      });
    };
    try {
      yield x.first;
      for (;;) {
        const next = await x.parts.next();
        if (next.done) break;
        const part = next.value;
        if (part.type === 'text-delta' && part.text) {
          s.touch();
          all += part.text;
          yield part.text;
        } else if (part.type === 'error') throw part.error;
        else if (part.type === 'finish') usage = toUsage(part.totalUsage);
      }
      finished = true;
    } catch (err) {
      errored = true;
      s.done();
      const f = await x.ledger.fail(a, req, pay, err, true);
      settle.reject(new AppError(502, 'AI_STREAM_FAILED', f.error));
      throw err;
    } finally {
      s.done();
      if (!finished) s.controller.abort();
      // The reader stopped early (the browser went away): what was sent still counts as a query.
      if (!finished && !errored) await complete();
    }
    await complete();
  }
  return { provider: a.c.id, model: a.model, textStream: text(), result, failed: x.failed };
}
