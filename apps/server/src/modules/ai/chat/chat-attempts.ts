import type { ChatBody, ChatSource } from '@stratos/contracts/ai/chat.schema';
import type { ModelMessage } from 'ai';
import { AppError } from '../../../lib/app-error';
import type { AiRequest } from '../providers/ai-router';
import type { NewUsageRow } from '../providers/providers.repository';
import {
  assessQuality,
  CHAT_FALLBACK_TEXT,
  CHAT_MAX_ATTEMPTS,
  forcedQuality,
  type Quality,
  systemPromptFor,
} from './quality';

/** What a streamed chat tells its client as it goes. */
export interface ChatSink {
  token(text: string): void;
  /** The text sent so far is to be discarded: a canned reply is being retried (or replaced by the fallback). */
  retry(attempt: number, issues: string[]): void;
  /** The user's files put in the prompt (sent once, before the first token). */
  sources?(sources: ChatSource[]): void;
}

export interface AttemptOutcome {
  text: string;
  model: string;
  provider: string;
  /** The call's usage row, deferred by the router to the exchange's write. */
  usageRow?: NewUsageRow;
}

/** What the attempts of one chat call did: how many, and the usage rows of those that answered. */
export interface Tried {
  attempt: number;
  usage: NewUsageRow[];
}

export interface Answer {
  outcome: AttemptOutcome;
  quality: Quality;
  forced: boolean;
}

/** A prepaid balance that cannot cover a call (the router's 402 before any provider is called). */
const isUnaffordable = (err: unknown) => err instanceof AppError && err.code === 'INSUFFICIENT_CREDITS';

export interface AttemptsRequest {
  userId: string;
  body: Pick<ChatBody, 'message' | 'model' | 'provider' | 'temperature' | 'maxRetries'>;
  messages: ModelMessage[];
  /** Added to each attempt's system prompt (the user's file excerpts), or empty. */
  context: string;
  call: (req: AiRequest) => Promise<AttemptOutcome>;
  /** Counts the calls made (the caller reads it after a failure too). */
  tried: Tried;
  sink?: ChatSink;
}

/** Up to CHAT_MAX_ATTEMPTS calls with stricter prompts until a reply is not canned; `tried` counts them. */
export async function chatAttempts(r: AttemptsRequest): Promise<Answer> {
  const { body, tried, sink } = r;
  let canned: Quality | null = null;
  let last: AttemptOutcome | null = null;
  const maxAttempts = Math.min(body.maxRetries ?? CHAT_MAX_ATTEMPTS, CHAT_MAX_ATTEMPTS);
  for (;;) {
    tried.attempt++;
    let outcome: AttemptOutcome;
    try {
      outcome = await r.call({
        userId: r.userId,
        messages: r.messages,
        system: systemPromptFor(tried.attempt) + r.context,
        model: body.model,
        provider: body.provider,
        temperature: body.temperature,
        operation: 'chat',
        // Stored with the exchange, in its statement.
        deferUsage: true,
      });
    } catch (err) {
      // A retry of a canned reply that the credits cannot pay for ends as the retries running
      // out would: the reply paid for is answered with the fallback, not with a 402.
      if (!canned || !isUnaffordable(err) || !last) throw err;
      tried.attempt--;
      const forced = forcedQuality(canned.issues);
      sink?.retry(tried.attempt, forced.issues);
      sink?.token(CHAT_FALLBACK_TEXT);
      return { outcome: last, quality: forced, forced: true };
    }
    last = outcome;
    if (outcome.usageRow) tried.usage.push(outcome.usageRow);
    const quality = assessQuality(body.message, outcome.text);
    if (quality.category !== 'canned') return { outcome, quality, forced: false };
    canned = quality;
    if (tried.attempt < maxAttempts) {
      sink?.retry(tried.attempt + 1, quality.issues);
      continue;
    }
    const forced = forcedQuality(quality.issues);
    sink?.retry(tried.attempt, forced.issues);
    sink?.token(CHAT_FALLBACK_TEXT);
    return { outcome, quality: forced, forced: true };
  }
}
