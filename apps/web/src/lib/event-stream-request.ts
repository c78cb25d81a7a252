import { z } from 'zod';
import { ApiError } from './api-error';
import { authSession } from './auth-session';
import { tokenIsFresh } from './jwt';
import { createSseParser, type SseEvent } from './sse-parser';

const errorEvent = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** An event's JSON data checked with `schema`; anything else is an invalid response. */
export function parseEventData<T>(schema: z.ZodType<T>, data: string): T {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new ApiError(200, 'INVALID_RESPONSE', 'Invalid API response.');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError(200, 'INVALID_RESPONSE', 'Invalid API response.');
  return parsed.data;
}

export interface EventStreamRequest<T> {
  /** Under /api. */
  path: string;
  body: unknown;
  signal: AbortSignal;
  /** Start of the message of a refusal that is not the server's JSON error (a proxy's page). */
  failedMessage: string;
  /** The message when the stream ends before its final event. */
  cutMessage: string;
  /** Each event but `error`; answers the final value (the `done` event's), else undefined. */
  onEvent(e: SseEvent): T | undefined;
}

function post(path: string, body: unknown, signal: AbortSignal, token: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`/api${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal });
}

async function failure(res: Response, failedMessage: string): Promise<ApiError> {
  const text = await res.text();
  try {
    const parsed = errorEvent.safeParse(JSON.parse(text));
    if (parsed.success) return new ApiError(res.status, parsed.data.error.code, parsed.data.error.message);
  } catch {
    // not JSON: a proxy's page
  }
  return new ApiError(res.status, 'HTTP_ERROR', `${failedMessage}: ${res.status} ${res.statusText}`);
}

/**
 * POSTs to a server-sent event endpoint with the session's token (refreshed once on a 401) and reads
 * the events until the final one. A refusal before the stream is the server's JSON error; an `error`
 * event or a stream cut before the final event rejects.
 */
export async function postEventStream<T>(r: EventStreamRequest<T>): Promise<T> {
  let token = authSession.accessToken();
  if (token && !tokenIsFresh(token) && (await authSession.refresh())) token = authSession.accessToken();
  let res = await post(r.path, r.body, r.signal, token);
  if (res.status === 401 && token && (await authSession.refresh())) {
    res = await post(r.path, r.body, r.signal, authSession.accessToken());
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes('text/event-stream') || !res.body) throw await failure(res, r.failedMessage);

  const got: { result: T | undefined; error: ApiError | null } = { result: undefined, error: null };
  const parser = createSseParser((e) => {
    if (got.result !== undefined || got.error) return;
    if (e.event === 'error') {
      const err = parseEventData(errorEvent, e.data).error;
      got.error = new ApiError(502, err.code, err.message);
    } else got.result = r.onEvent(e);
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(value);
      if (got.result !== undefined || got.error) break;
    }
  } finally {
    parser.end();
    reader.cancel().catch(() => undefined);
  }
  if (got.error) throw got.error;
  if (got.result === undefined) throw new ApiError(502, 'STREAM_CUT', r.cutMessage);
  return got.result;
}
