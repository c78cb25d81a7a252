import type { ChatBody, ChatMessage, ChatQuality, ChatReply } from '@stratos/contracts/ai/chat.schema';
import type { ModelMessage } from 'ai';
import { AppError } from '../../../lib/app-error';
import type { AiRequest, AiRouter } from '../providers/ai-router';
import type { ChatRepository, ConversationRow, MessageRow } from './chat.repository';
import {
  assessQuality,
  CHAT_FALLBACK_TEXT,
  CHAT_MAX_ATTEMPTS,
  forcedQuality,
  type Quality,
  systemPromptFor,
} from './quality';

/** History keeps the last 10 turns and sends 4 in the prompt (part 2 section 9); a turn is a question and its reply. */
export const HISTORY_KEPT_TURNS = 10;
export const HISTORY_PROMPT_TURNS = 4;

export interface ChatDeps {
  repo: ChatRepository;
  router: Pick<AiRouter, 'generate' | 'stream'>;
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
}

const notFound = () => new AppError(404, 'CONVERSATION_NOT_FOUND', 'Conversation not found');

let lastStamp = 0;
/** Strictly increasing timestamps so a question always sorts before its reply. */
function stamp(): Date {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp);
}

export class ChatService {
  constructor(private readonly deps: ChatDeps) {}

  chat(userId: string, body: ChatBody): Promise<ChatReply> {
    return this.run(userId, body, async (req) => {
      const r = await this.deps.router.generate(req);
      return { text: r.text, model: r.model, provider: r.provider };
    });
  }

  stream(userId: string, body: ChatBody, sink: ChatSink, signal?: AbortSignal): Promise<ChatReply> {
    return this.run(
      userId,
      body,
      async (req) => {
        const s = await this.deps.router.stream({ ...req, signal });
        let text = '';
        for await (const piece of s.textStream) {
          text += piece;
          sink.token(piece);
        }
        const r = await s.result;
        return { text: r.text || text, model: r.model, provider: r.provider };
      },
      sink,
    );
  }

  private async run(
    userId: string,
    body: ChatBody,
    call: (req: AiRequest) => Promise<AttemptOutcome>,
    sink?: ChatSink,
  ): Promise<ChatReply> {
    // A new conversation is created only once there is a reply to store in it.
    const existing = body.conversationId ? await this.own(userId, body.conversationId) : null;
    const history = existing
      ? await this.deps.repo.recentMessages(existing.id, HISTORY_PROMPT_TURNS * 2)
      : [];
    const messages: ModelMessage[] = [
      ...history
        .filter((m) => !m.isError && (m.role === 'user' || m.role === 'assistant'))
        .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content })),
      { role: 'user', content: body.message },
    ];

    let outcome: AttemptOutcome | null = null;
    let quality: Quality = forcedQuality([]);
    let attempt = 0;
    let forced = false;
    while (attempt < CHAT_MAX_ATTEMPTS) {
      attempt++;
      outcome = await call({
        userId,
        messages,
        system: systemPromptFor(attempt),
        model: body.model,
        provider: body.provider,
        temperature: body.temperature,
        operation: 'chat',
      });
      quality = assessQuality(body.message, outcome.text);
      if (quality.category !== 'canned') break;
      if (attempt < CHAT_MAX_ATTEMPTS) sink?.retry(attempt + 1, quality.issues);
      else {
        forced = true;
        quality = forcedQuality(quality.issues);
        sink?.retry(attempt, quality.issues);
        sink?.token(CHAT_FALLBACK_TEXT);
      }
    }
    const last = outcome as AttemptOutcome;
    const response = forced ? CHAT_FALLBACK_TEXT : last.text;
    const conversation = existing ?? (await this.deps.repo.createConversation(userId, titleOf(body.message)));
    const asked = stamp();
    const [, saved] = await this.deps.repo.saveExchange(
      conversation.id,
      [
        { conversationId: conversation.id, role: 'user', content: body.message, createdAt: asked },
        {
          conversationId: conversation.id,
          role: 'assistant',
          content: response,
          model: last.model,
          provider: last.provider,
          quality,
          attempt,
          forced,
          metadata: { temperature: body.temperature },
          createdAt: stamp(),
        },
      ],
      HISTORY_KEPT_TURNS * 2,
    );
    return {
      success: true,
      response,
      model: last.model,
      provider: last.provider,
      conversationId: conversation.id,
      messageId: (saved as MessageRow).id,
      quality: quality as ChatQuality,
      attempts: attempt,
      forced,
    };
  }

  async own(userId: string, id: string): Promise<ConversationRow> {
    const c = await this.deps.repo.findConversation(userId, id);
    if (!c) throw notFound();
    return c;
  }

  async list(userId: string) {
    const rows = await this.deps.repo.listConversations(userId);
    return rows.map(summary);
  }

  async open(userId: string, id: string) {
    const c = await this.own(userId, id);
    const messages = await this.deps.repo.messages(c.id);
    return {
      conversation: summary({ ...c, messageCount: messages.length }),
      messages: messages.map(toMessage),
    };
  }

  async update(userId: string, id: string, patch: { title?: string; clear?: boolean }) {
    await this.own(userId, id);
    if (patch.title !== undefined) await this.deps.repo.rename(userId, id, patch.title);
    if (patch.clear) await this.deps.repo.clearMessages(id);
    return this.open(userId, id);
  }

  async remove(userId: string, id: string): Promise<void> {
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
