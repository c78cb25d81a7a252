import { randomUUID } from 'node:crypto';
import type {
  ChatBody,
  ChatMessage,
  ChatQuality,
  ChatReply,
  ChatSource,
} from '@stratos/contracts/ai/chat.schema';
import type { ModelMessage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error';
import { isUniqueViolation } from '../../../lib/pg-error';
import type { AiRequest, AiRouter } from '../providers/ai-router';
import type { AiUsageService } from '../providers/ai-usage.service';
import type { NewUsageRow } from '../providers/providers.repository';
import type { ChatRepository, ConversationRow } from './chat.repository';
import { type Answer, type AttemptOutcome, type ChatSink, chatAttempts, type Tried } from './chat-attempts';
import { ChatExchangeBatcher, type ExchangeWriter } from './chat-exchange-batcher';
import type { ExchangeRows, MessageRow, NewConversation, StoredMessage } from './chat-exchanges.repository';
import {
  type FileContext,
  type FileContextSource,
  fileContextFor,
  NO_FILE_CONTEXT,
} from './chat-file-context';
import { CHAT_FALLBACK_TEXT, chatErrorText, errorQuality } from './quality';

export type { ChatSink } from './chat-attempts';

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
  /** The file index: excerpts of the user's own files for the prompt ("Use my files"). */
  files?: FileContextSource;
  /** What applied learning improvements add to the system prompt for the question's domain ('' for none). */
  guidance?: (question: string) => Promise<string>;
  /** Told after a reply (an AI interaction) was stored: learning from it is due 1 s later. */
  onInteraction?: () => void;
}

/** A chat request as the service takes it: "Use my files" is on unless said otherwise. */
export type ChatRequest = Omit<ChatBody, 'useFiles'> & { useFiles?: boolean };

/** Provider failures: the whole chain failed, or a stream broke after it started. */
const CALL_FAILURES = new Set(['AI_ALL_FAILED', 'AI_STREAM_FAILED']);
const isCallFailure = (err: unknown): err is AppError =>
  err instanceof AppError && CALL_FAILURES.has(err.code);

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

  chat(userId: string, body: ChatRequest): Promise<ChatReply> {
    return this.run(userId, body, async (req) => {
      const r = await this.deps.router.generate(req);
      return { text: r.text, model: r.model, provider: r.provider, usageRow: r.usageRow };
    });
  }

  stream(userId: string, body: ChatRequest, sink: ChatSink, signal?: AbortSignal): Promise<ChatReply> {
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
    body: ChatRequest,
    call: (req: AiRequest) => Promise<AttemptOutcome>,
    sink?: ChatSink,
    signal?: AbortSignal,
  ): Promise<ChatReply> {
    const receivedAt = new Date();
    // The conversation and its history, and the user's file excerpts, are read side by side.
    const [{ existing, history }, files, guidance] = await Promise.all([
      this.conversationOf(userId, body),
      this.fileContext(userId, body, signal),
      this.learnedGuidance(body.message),
    ]);
    // Told before the first token, so the client can show where the answer comes from as it streams.
    if (files.sources.length > 0) sink?.sources?.(files.sources);
    const messages: ModelMessage[] = [
      ...history
        .filter(belongsInPrompt)
        .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content })),
      { role: 'user', content: body.message },
    ];

    const tried: Tried = { attempt: 0, usage: [] };
    let answer: Answer;
    try {
      answer = await chatAttempts({
        userId,
        body,
        messages,
        context: guidance + files.prompt,
        call,
        tried,
        sink,
      });
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
        // `sources` (an array, even empty) is what the interaction record reads as knowledge used.
        metadata: { temperature: body.temperature, sources: files.sources },
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
      sources: files.sources,
    };
  }

  /**
   * The conversation the client named (its id or its own key), if it exists yet, and its recent
   * messages; a new one is created only once there is a reply to store in it.
   */
  private async conversationOf(
    userId: string,
    body: ChatRequest,
  ): Promise<{ existing: ConversationRow | null; history: MessageRow[] }> {
    const existing = body.conversationId
      ? await this.deps.repo.findConversation(userId, body.conversationId)
      : null;
    const history = existing
      ? await this.deps.repo.recentMessages(existing.id, HISTORY_PROMPT_TURNS * 2)
      : [];
    return { existing, history };
  }

  /** Guidance of applied learning improvements; none if reading it fails (the question is still answered). */
  private async learnedGuidance(question: string): Promise<string> {
    if (!this.deps.guidance) return '';
    try {
      return await this.deps.guidance(question);
    } catch (err) {
      this.deps.log?.warn({ err }, 'chat: reading learned guidance failed');
      return '';
    }
  }

  /** Excerpts of the user's files for the question, unless "Use my files" is off; none if retrieval fails. */
  private async fileContext(userId: string, body: ChatRequest, signal?: AbortSignal): Promise<FileContext> {
    if (body.useFiles === false || !this.deps.files) return NO_FILE_CONTEXT;
    try {
      return await fileContextFor(this.deps.files, userId, body.message, signal);
    } catch (err) {
      // The question is still answered, from general knowledge, without sources.
      this.deps.log?.warn({ err }, 'chat: reading the file index failed');
      return NO_FILE_CONTEXT;
    }
  }

  /** The question and the apology with the error's text, flagged isError, quality category 'error'. */
  private async saveFailure(conversation: ConversationRow, body: ChatRequest, err: AppError, tried: Tried) {
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
    if (!reply.isError) this.deps.onInteraction?.();
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
    sources: sourcesOf(m.metadata),
  };
}

/** A stored reply's sources (metadata.sources), read defensively: older rows have none. */
function sourcesOf(metadata: unknown): ChatSource[] {
  const list = (metadata as { sources?: unknown } | null)?.sources;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (s): s is ChatSource =>
      typeof s === 'object' && s !== null && typeof s.fileId === 'string' && typeof s.fileName === 'string',
  );
}
