import {
  type ChatBody,
  type ChatReply,
  type ChatSource,
  chatReplySchema,
  chatSourceSchema,
} from '@stratos/contracts/ai/chat.schema';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-error';
import { authSession } from '../../../lib/auth-session';
import { tokenIsFresh } from '../../../lib/jwt';
import { createSseParser } from '../../../lib/sse-parser';

export interface StreamHandlers {
  /** A piece of the reply's text. */
  onToken(text: string): void;
  /** The reply so far did not pass the quality rules: discard it; attempt `attempt` follows. */
  onRetry(attempt: number, issues: string[]): void;
  /** The user's files the reply is given (before its first token). */
  onSources?(sources: ChatSource[]): void;
}

const tokenEvent = z.object({ text: z.string() });
const retryEvent = z.object({ attempt: z.number().int(), issues: z.array(z.string()) });
const sourcesEvent = z.object({ sources: z.array(chatSourceSchema) });
const errorEvent = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** The stream ended without its done event (the connection dropped). */
export const STREAM_CUT_MESSAGE = 'The reply was cut off before it finished. Please try again.';

async function post(
  body: Partial<ChatBody> & { message: string },
  signal: AbortSignal,
  token: string | null,
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch('/api/ai/chat/stream', { method: 'POST', headers, body: JSON.stringify(body), signal });
}

/** The error of a reply that is not a stream: the server's JSON envelope, or its status. */
async function failure(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const parsed = errorEvent.safeParse(JSON.parse(text));
    if (parsed.success) return new ApiError(res.status, parsed.data.error.code, parsed.data.error.message);
  } catch {
    // not JSON: a proxy's page
  }
  return new ApiError(res.status, 'HTTP_ERROR', `The chat request failed: ${res.status} ${res.statusText}`);
}

function parseJson<T>(schema: z.ZodType<T>, data: string): T {
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

/**
 * POST /api/ai/chat/stream: sends the question with the session's bearer token (refreshed once on
 * a 401, like the shared API client), reads the server-sent events as they arrive and resolves with
 * the done event's reply. A failure before the stream starts is the server's JSON error; an `error`
 * event, a stream cut short or an abort (the Stop button) reject.
 */
export async function streamChat(
  body: Partial<ChatBody> & { message: string },
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<ChatReply> {
  let token = authSession.accessToken();
  if (token && !tokenIsFresh(token) && (await authSession.refresh())) token = authSession.accessToken();
  let res = await post(body, signal, token);
  if (res.status === 401 && token && (await authSession.refresh())) {
    res = await post(body, signal, authSession.accessToken());
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes('text/event-stream') || !res.body) throw await failure(res);

  const got: { reply: ChatReply | null; error: ApiError | null } = { reply: null, error: null };
  const parser = createSseParser(({ event, data }) => {
    if (got.reply || got.error) return;
    if (event === 'token') handlers.onToken(parseJson(tokenEvent, data).text);
    else if (event === 'retry') {
      const r = parseJson(retryEvent, data);
      handlers.onRetry(r.attempt, r.issues);
    } else if (event === 'sources') handlers.onSources?.(parseJson(sourcesEvent, data).sources);
    else if (event === 'done') got.reply = parseJson(chatReplySchema, data);
    else if (event === 'error') {
      const e = parseJson(errorEvent, data).error;
      got.error = new ApiError(502, e.code, e.message);
    }
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(value);
      if (got.reply || got.error) break;
    }
  } finally {
    parser.end();
    reader.cancel().catch(() => undefined);
  }
  if (got.error) throw got.error;
  if (!got.reply) throw new ApiError(502, 'STREAM_CUT', STREAM_CUT_MESSAGE);
  return got.reply;
}
