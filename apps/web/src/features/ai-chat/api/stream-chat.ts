import {
  type ChatBody,
  type ChatReply,
  type ChatSource,
  chatReplySchema,
  chatSourceSchema,
} from '@stratos/contracts/ai/chat.schema';
import { z } from 'zod';
import { parseEventData, postEventStream } from '../../../lib/event-stream-request';

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

/** The stream ended without its done event (the connection dropped). */
export const STREAM_CUT_MESSAGE = 'The reply was cut off before it finished. Please try again.';

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
  return postEventStream<ChatReply>({
    path: '/ai/chat/stream',
    body,
    signal,
    failedMessage: 'The chat request failed',
    cutMessage: STREAM_CUT_MESSAGE,
    onEvent: ({ event, data }) => {
      if (event === 'token') handlers.onToken(parseEventData(tokenEvent, data).text);
      else if (event === 'retry') {
        const r = parseEventData(retryEvent, data);
        handlers.onRetry(r.attempt, r.issues);
      } else if (event === 'sources') handlers.onSources?.(parseEventData(sourcesEvent, data).sources);
      else if (event === 'done') return parseEventData(chatReplySchema, data);
      return undefined;
    },
  });
}
