import {
  type WorkbenchResult,
  type WorkbenchRunBody,
  workbenchResultSchema,
  workbenchStartEventSchema,
  workbenchTokenEventSchema,
} from '@stratos/contracts/ai/workbench.schema';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-error';
import { authSession } from '../../../lib/auth-session';
import { tokenIsFresh } from '../../../lib/jwt';
import { createSseParser } from '../../../lib/sse-parser';

export interface WorkbenchHandlers {
  /** The first piece of text arrived from this provider and model. */
  onStart(e: z.infer<typeof workbenchStartEventSchema>): void;
  onToken(text: string): void;
}

const errorEvent = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const WORKBENCH_CUT_MESSAGE = 'The reply was cut off before it finished. Please try again.';

function post(body: WorkbenchRunBody, signal: AbortSignal, token: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch('/api/ai/workbench/stream', { method: 'POST', headers, body: JSON.stringify(body), signal });
}

async function failure(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const parsed = errorEvent.safeParse(JSON.parse(text));
    if (parsed.success) return new ApiError(res.status, parsed.data.error.code, parsed.data.error.message);
  } catch {
    // not JSON: a proxy's page
  }
  return new ApiError(res.status, 'HTTP_ERROR', `The request failed: ${res.status} ${res.statusText}`);
}

function parse<T>(schema: z.ZodType<T>, data: string): T {
  try {
    return schema.parse(JSON.parse(data));
  } catch {
    throw new ApiError(200, 'INVALID_RESPONSE', 'Invalid API response.');
  }
}

/**
 * POST /api/ai/workbench/stream: runs the prompt with the session's token (refreshed once on a
 * 401), passes the text on as it arrives and resolves with the done event's figures. A refusal
 * before the stream (400, 402, 403) is the server's JSON error; an error event or a cut stream rejects.
 */
export async function streamWorkbench(
  body: WorkbenchRunBody,
  handlers: WorkbenchHandlers,
  signal: AbortSignal,
): Promise<WorkbenchResult> {
  let token = authSession.accessToken();
  if (token && !tokenIsFresh(token) && (await authSession.refresh())) token = authSession.accessToken();
  let res = await post(body, signal, token);
  if (res.status === 401 && token && (await authSession.refresh())) {
    res = await post(body, signal, authSession.accessToken());
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes('text/event-stream') || !res.body) throw await failure(res);

  const got: { result: WorkbenchResult | null; error: ApiError | null } = { result: null, error: null };
  const parser = createSseParser(({ event, data }) => {
    if (got.result || got.error) return;
    if (event === 'start') handlers.onStart(parse(workbenchStartEventSchema, data));
    else if (event === 'token') handlers.onToken(parse(workbenchTokenEventSchema, data).text);
    else if (event === 'done') got.result = parse(workbenchResultSchema, data);
    else if (event === 'error') {
      const e = parse(errorEvent, data).error;
      got.error = new ApiError(502, e.code, e.message);
    }
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(value);
      if (got.result || got.error) break;
    }
  } finally {
    parser.end();
    reader.cancel().catch(() => undefined);
  }
  if (got.error) throw got.error;
  if (!got.result) throw new ApiError(502, 'STREAM_CUT', WORKBENCH_CUT_MESSAGE);
  return got.result;
}
