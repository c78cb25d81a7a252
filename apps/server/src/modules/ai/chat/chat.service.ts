import { randomUUID } from 'node:crypto';
import type { ChatBody, ChatMessage, ChatQuality, ChatReply } from '@stratos/contracts/ai/chat.schema';
import type { ModelMessage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error';
import { isUniqueViolation } from '../../../lib/pg-error';
import type { AiRequest, AiRouter } from '../providers/ai-router';
import type { AiUsageService } from '../providers/ai-usage.service';
import type { NewUsageRow } from '../providers/providers.repository';
import type { ChatRepository, ConversationRow } from './chat.repository';
import { ChatExchangeBatcher, type ExchangeWriter } from './chat-exchange-batcher';
import type { ExchangeRows, MessageRow, NewConversation, StoredMessage } from './chat-exchanges.repository';
import {
  assessQuality,
  CHAT_FALLBACK_TEXT,
  CHAT_MAX_ATTEMPTS,
  chatErrorText,
  errorQuality,
  forcedQuality,
  type Quality,
  systemPromptFor,
} from './quality';

/** History keeps the last 10 turns and sends 4 in the prompt (part 2 section 9); a turn is a question and its reply. */
export const HISTORY_KEPT_TURNS = 10;
export const HISTORY_PROMPT_TURNS = 4;

export interface ChatDeps {
  repo: ChatRepository;
  /** Stores exchanges (through the group commit). */
  exchanges: ExchangeWriter;
  router: Pick<AiRouter, 'generate' | 'stream'>;
  /** Writes usage rows the exchange could not carry (its write failed, or there was none to make). */
  usage: Pick<AiUsageService, 'record'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** What a streamed chat tells its client as it goes. */
export interface ChatSink {
  token(text: string): void;
  /** The text sent so far is to be discarded: a canned reply is being retried (or replaced by the fallback). */
  retry(attempt: number, issues: string[]): void;
}

interface AttemptOutcome {
  text: string;
  model: string;
  provider: string;
  /** The call's usage row, deferred by the router to the exchange's write. */
  usageRow?: NewUsageRow;
}

/** What the attempts of one chat call did: how many, and the usage rows of those that answered. */
interface Tried {
  attempt: number;
  usage: NewUsageRow[];
}

interface Answer {
  outcome: AttemptOutcome;
  quality: Quality;
  forced: boolean;
}

/** Provider failures: the whole chain failed, or a stream broke after it started. */
const CALL_FAILURES = new Set(['AI_ALL_FAILED', 'AI_STREAM_FAILED']);
const isCallFailure = (err: unknown): err is AppError =>
  err instanceof AppError && CALL_FAILURES.has(err.code);
/** A prepaid balance that cannot cover a call (the router's 402 before any provider is called). */
const isUnaffordable = (err: unknown) => err instanceof AppError && err.code === 'INSUFFICIENT_CREDITS';

/**
 * What goes back to the model: questions and real replies. The forced fallback and failed calls'
 * apologies are kept for the user to see but would poison the context; their questions stay.
 */
const belongsInPrompt = (m: MessageRow) =>
  (m.role === 'user' || m.role === 'assistant') && !m.isError && !m.forced;

const notFound = () => new AppError(404, 'CONVERSATION_NOT_FOUND', 'Conversation not found');

let lastStamp = 0;
/** Strictly increasing timestamps so a question always sorts before its reply. */
function stamp(): Date {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp);
}

export class ChatService {
  /** Concurrent replies store their exchanges together: one statement's fixed cost per batch. */
  private readonly exchanges: ChatExchangeBatcher;

  constructor(private readonly deps: ChatDeps) {
    this.exchanges = new ChatExchangeBatcher(deps.exchanges, HISTORY_KEPT_TURNS * 2);
  }

  chat(userId: string, body: ChatBody): Promise<ChatReply> {
    return this.run(userId, body, async (req) => {
      const r = await this.deps.router.generate(req);
      return { text: r.text, model: r.model, provider: r.provider, usageRow: r.usageRow };
    });
  }

  stream(userId: string, body: ChatBody, sink: ChatSink, signal?: AbortSignal): Promise<ChatReply> {
    return this.run(
      userId,
      body,
      async (req) => {
        const s = await this.deps.router.stream({ ...req, signal });
        let text = '';
        try {
          for await (const piece of s.textStream) {
            text += piece;
            sink.token(piece);
          }
        } catch (err) {
          // The router settles `result` with the error a user may read (AI_STREAM_FAILED) before
          // the stream throws the provider's own error.
          const r = await s.result;
          // Otherwise the stream was whole and our side stopped reading it: the call still counts.
          if (r.usageRow) await this.deps.usage.record(r.usageRow);
          throw err;
        }
        const r = await s.result;
        return { text: r.text || text, model: r.model, provider: r.provider, usageRow: r.usageRow };
      },
      sink,
      signal,
    );
  }

  private async run(
    userId: string,
    body: ChatBody,
    call: (req: AiRequest) => Promise<AttemptOutcome>,
    sink?: ChatSink,
    signal?: AbortSignal,
  ): Promise<ChatReply> {
    const receivedAt = new Date();
    // The conversation the client named (its id or its own key), if it exists yet; a new one is
    // created only once there is a reply to store in it, under the client's key when it gave one.
    const existing = body.conversationId
      ? await this.deps.repo.findConversation(userId, body.conversationId)
      : null;
    const history = existing
      ? await this.deps.repo.recentMessages(existing.id, HISTORY_PROMPT_TURNS * 2)
      : [];
    const messages: ModelMessage[] = [
      ...history
        .filter(belongsInPrompt)
        .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content })),
      { role: 'user', content: body.message },
    ];

    const tried: Tried = { attempt: 0, usage: [] };
    let answer: Answer;
    try {
      answer = await this.attempts(userId, body, messages, call, tried, sink);
    } catch (err) {
      // A failed call in an existing conversation is kept, so a reload shows what happened; the
      // caller still gets the error. A failed first call leaves nothing behind but its earlier
      // attempts' usage rows.
      if (existing && !signal?.aborted && isCallFailure(err)) {
        await this.saveFailure(existing, body, err, tried);
      } else {
        await this.recordUsage(tried.usage);
      }
      throw err;
    }
    const { outcome, quality, forced } = answer;
    const response = forced ? CHAT_FALLBACK_TEXT : outcome.text;
    const conversation = existing ?? {
      id: randomUUID(),
      userId,
      title: titleOf(body.message),
      clientKey: body.conversationId ?? null,
      isNew: true,
    };
    const saved = await this.saveExchange(
      conversation,
      body.message,
      {
        content: response,
        model: outcome.model,
        provider: outcome.provider,
        quality,
        attempt: tried.attempt,
        forced,
        metadata: { temperature: body.temperature },
      },
      tried.usage,
      receivedAt,
    );
    return {
      success: true,
      response,
      model: outcome.model,
      provider: outcome.provider,
      conversationId: saved.conversationId,
      messageId: saved.message.id,
      quality: quality as ChatQuality,
      attempts: tried.attempt,
      forced,
    };
  }

  /** Up to CHAT_MAX_ATTEMPTS calls with stricter prompts until a reply is not canned; `tried` counts them. */
  private async attempts(
    userId: string,
    body: ChatBody,
    messages: ModelMessage[],
    call: (req: AiRequest) => Promise<AttemptOutcome>,
    tried: Tried,
    sink?: ChatSink,
  ): Promise<Answer> {
    let canned: Quality | null = null;
    let last: AttemptOutcome | null = null;
    const maxAttempts = Math.min(body.maxRetries ?? CHAT_MAX_ATTEMPTS, CHAT_MAX_ATTEMPTS);
    for (;;) {
      tried.attempt++;
      let outcome: AttemptOutcome;
      try {
        outcome = await call({
          userId,
          messages,
          system: systemPromptFor(tried.attempt),
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

  /** The question and the apology with the error's text, flagged isError, quality category 'error'. */
  private async saveFailure(conversation: ConversationRow, body: ChatBody, err: AppError, tried: Tried) {
    try {
      await this.saveExchange(
        conversation,
        body.message,
        {
          content: chatErrorText(err.message),
          quality: errorQuality(err.message),
          attempt: tried.attempt,
          isError: true,
          metadata: {
            temperature: body.temperature,
            error: { code: err.code, details: err.details ?? null },
          },
        },
        tried.usage,
      );
    } catch (saveErr) {
      // The caller's answer is the call's error; failing to record it must not replace it.
      this.deps.log?.warn({ err: saveErr }, 'could not store a failed chat call');
    }
  }

  /**
   * Stores a question and its reply, with concurrent replies' exchanges (ChatExchangeBatcher); a
   * new conversation is created with them, in the same statement. Returns the reply's row and the
   * conversation it went into.
   */
  private async saveExchange(
    conversation: NewConversation & { isNew?: boolean },
    question: string,
    reply: ExchangeRows['reply'],
    usage: NewUsageRow[],
    receivedAt?: Date,
  ): Promise<{ message: StoredMessage; conversationId: string }> {
    const exchange: ExchangeRows = { question, askedAt: stamp(), reply, answeredAt: stamp(), usage };
    exchange.receivedAt = receivedAt;
    let rows: StoredMessage[];
    let conversationId = conversation.id;
    try {
      if (!conversation.isNew) {
        rows = await this.exchanges.save(conversation, exchange);
      } else {
        try {
          rows = await this.exchanges.start(conversation, exchange);
        } catch (err) {
          // Another call of the same user created the conversation of this key meanwhile: join it.
          const raced =
            conversation.clientKey && isUniqueViolation(err)
              ? await this.deps.repo.findConversation(conversation.userId, conversation.clientKey)
              : null;
          if (!raced) throw err;
          conversationId = raced.id;
          rows = await this.exchanges.save(raced, exchange);
        }
      }
    } catch (err) {
      // The calls were made: their usage rows are written even though the exchange could not be.
      await this.recordUsage(usage);
      throw err;
    }
    return { message: rows.find((r) => r.role === 'assistant') as StoredMessage, conversationId };
  }

  private async recordUsage(rows: NewUsageRow[]): Promise<void> {
    for (const row of rows) await this.deps.usage.record(row);
  }

  /** The user's conversation named `ref` (its id or the client's key), else 404. */
  async own(userId: string, ref: string): Promise<ConversationRow> {
    const c = await this.deps.repo.findConversation(userId, ref);
    if (!c) throw notFound();
    return c;
  }

  async list(userId: string, limit: number) {
    const rows = await this.deps.repo.listConversations(userId, limit);
    return rows.map(summary);
  }

  async open(userId: string, ref: string) {
    const c = await this.own(userId, ref);
    const messages = await this.deps.repo.messages(c.id);
    return {
      conversation: summary({ ...c, messageCount: messages.length }),
      messages: messages.map(toMessage),
    };
  }

  async update(userId: string, ref: string, patch: { title?: string; clear?: boolean }) {
    const { id } = await this.own(userId, ref);
    if (patch.title !== undefined) await this.deps.repo.rename(userId, id, patch.title);
    if (patch.clear) await this.deps.repo.clearMessages(id);
    return this.open(userId, id);
  }

  async remove(userId: string, ref: string): Promise<void> {
    const { id } = await this.own(userId, ref);
    if (!(await this.deps.repo.deleteConversation(userId, id))) throw notFound();
  }

  async feedback(userId: string, messageId: string, rating: number, comment?: string): Promise<void> {
    const m = await this.deps.repo.findOwnMessage(userId, messageId);
    if (m?.role !== 'assistant') throw new AppError(404, 'MESSAGE_NOT_FOUND', 'Message not found');
    const text = comment?.trim();
    await this.deps.repo.addFeedback(messageId, userId, rating, text ? text : null);
  }
}

function titleOf(message: string): string {
  const one = message.replace(/\s+/g, ' ').trim();
  return one.length > 60 ? `${one.slice(0, 57)}...` : one;
}

function summary(c: ConversationRow & { messageCount: number }) {
  return {
    id: c.id,
    key: c.clientKey,
    title: c.title,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    messageCount: c.messageCount,
  };
}

function toMessage(m: MessageRow): ChatMessage {
  return {
    id: m.id,
    role: m.role,
    content: m.content,
    createdAt: m.createdAt.toISOString(),
    model: m.model,
    provider: m.provider,
    quality: m.quality ?? null,
    attempt: m.attempt,
    forced: m.forced,
    isError: m.isError,
  };
}
