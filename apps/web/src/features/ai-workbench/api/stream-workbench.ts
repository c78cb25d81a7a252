import {
  type WorkbenchResult,
  type WorkbenchRunBody,
  workbenchResultSchema,
  workbenchStartEventSchema,
  workbenchTokenEventSchema,
} from '@stratos/contracts/ai/workbench.schema';
import type { z } from 'zod';
import { parseEventData, postEventStream } from '../../../lib/event-stream-request';

export interface WorkbenchHandlers {
  /** The first piece of text arrived from this provider and model. */
  onStart(e: z.infer<typeof workbenchStartEventSchema>): void;
  onToken(text: string): void;
}

export const WORKBENCH_CUT_MESSAGE = 'The reply was cut off before it finished. Please try again.';

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
  return postEventStream<WorkbenchResult>({
    path: '/ai/workbench/stream',
    body,
    signal,
    failedMessage: 'The request failed',
    cutMessage: WORKBENCH_CUT_MESSAGE,
    onEvent: ({ event, data }) => {
      if (event === 'start') handlers.onStart(parseEventData(workbenchStartEventSchema, data));
      else if (event === 'token') handlers.onToken(parseEventData(workbenchTokenEventSchema, data).text);
      else if (event === 'done') return parseEventData(workbenchResultSchema, data);
      return undefined;
    },
  });
}
