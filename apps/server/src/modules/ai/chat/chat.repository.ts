import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiChatFeedback, aiChatMessages, aiConversations } from '../../../db/schema/index';

export type ConversationRow = typeof aiConversations.$inferSelect;
export type MessageRow = typeof aiChatMessages.$inferSelect;
export type NewMessageRow = typeof aiChatMessages.$inferInsert;

/** What one exchange stores: the question and its reply (a real one, the forced fallback or a failure). */
export interface ExchangeRows {
  question: string;
  askedAt: Date;
  reply: Pick<
    NewMessageRow,
    'content' | 'model' | 'provider' | 'attempt' | 'forced' | 'isError' | 'metadata'
  > & {
    quality: NonNullable<NewMessageRow['quality']>;
  };
  answeredAt: Date;
}

const p = (name: string) => sql.placeholder(name);

/** The exchange's two rows as placeholders: one statement shape, prepared once. */
const exchangeValues = () =>
  [
    { conversationId: p('conversationId'), role: 'user', content: p('question'), createdAt: p('askedAt') },
    {
      conversationId: p('conversationId'),
      role: 'assistant',
      content: p('content'),
      model: p('model'),
      provider: p('provider'),
      quality: p('quality'),
      attempt: p('attempt'),
      forced: p('forced'),
      isError: p('isError'),
      metadata: p('metadata'),
      createdAt: p('answeredAt'),
    },
    // Drizzle's types leave placeholders out of values(), but it encodes them like values.
  ] as unknown as NewMessageRow[];

/** What storing an exchange returns of its two rows: the caller only needs the reply's id. */
const storedIds = { id: aiChatMessages.id, role: aiChatMessages.role };
export type StoredMessage = Pick<MessageRow, 'id' | 'role'>;

function exchangeParams(conversationId: string, x: ExchangeRows) {
  const r = x.reply;
  return {
    conversationId,
    question: x.question,
    askedAt: x.askedAt,
    content: r.content,
    model: r.model ?? null,
    provider: r.provider ?? null,
    quality: r.quality,
    attempt: r.attempt ?? null,
    forced: r.forced ?? false,
    isError: r.isError ?? false,
    metadata: r.metadata ?? {},
    answeredAt: x.answeredAt,
  };
}

/**
 * Conversations, their messages and feedback: the chat module's SQL. The two statements of every
 * chat reply are built once and prepared (named server-side statements on both drivers): a chat
 * reply costs one round trip to store.
 */
export class ChatRepository {
  private readonly startStatement;
  private readonly saveStatement;

  constructor(private readonly db: Db) {
    const conversation = db.$with('chat_new_conversation').as(
      db
        .insert(aiConversations)
        .values({ id: p('conversationId'), userId: p('userId'), title: p('title') } as never)
        .returning({ id: aiConversations.id }),
    );
    this.startStatement = db
      .with(conversation)
      .insert(aiChatMessages)
      .values(exchangeValues())
      .returning(storedIds)
      .prepare('chat_start_conversation');

    const bumped = db.$with('chat_bumped').as(
      db
        .update(aiConversations)
        .set({ updatedAt: sql`now()` })
        .where(eq(aiConversations.id, p('conversationId')))
        .returning({ id: aiConversations.id }),
    );
    const trimmed = db.$with('chat_trimmed').as(
      db
        .delete(aiChatMessages)
        .where(
          inArray(
            aiChatMessages.id,
            db
              .select({ id: aiChatMessages.id })
              .from(aiChatMessages)
              .where(eq(aiChatMessages.conversationId, p('conversationId')))
              .orderBy(desc(aiChatMessages.createdAt))
              .offset(p('keepOlder')),
          ),
        )
        .returning({ id: aiChatMessages.id }),
    );
    this.saveStatement = db
      .with(bumped, trimmed)
      .insert(aiChatMessages)
      .values(exchangeValues())
      .returning(storedIds)
      .prepare('chat_save_exchange');
  }

  async findConversation(userId: string, id: string): Promise<ConversationRow | null> {
    const rows = await this.db
      .select()
      .from(aiConversations)
      .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)));
    return rows[0] ?? null;
  }

  async listConversations(userId: string): Promise<Array<ConversationRow & { messageCount: number }>> {
    const rows = await this.db
      .select({
        id: aiConversations.id,
        userId: aiConversations.userId,
        title: aiConversations.title,
        createdAt: aiConversations.createdAt,
        updatedAt: aiConversations.updatedAt,
        messageCount: count(aiChatMessages.id),
      })
      .from(aiConversations)
      .leftJoin(aiChatMessages, eq(aiChatMessages.conversationId, aiConversations.id))
      .where(eq(aiConversations.userId, userId))
      .groupBy(aiConversations.id)
      .orderBy(desc(aiConversations.updatedAt))
      .limit(200);
    return rows.map((r) => ({ ...r, messageCount: Number(r.messageCount) }));
  }

  async rename(userId: string, id: string, title: string): Promise<void> {
    await this.db
      .update(aiConversations)
      .set({ title, updatedAt: sql`now()` })
      .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)));
  }

  async clearMessages(conversationId: string): Promise<void> {
    await this.db.delete(aiChatMessages).where(eq(aiChatMessages.conversationId, conversationId));
  }

  async deleteConversation(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(aiConversations)
      .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)))
      .returning({ id: aiConversations.id });
    return rows.length > 0;
  }

  messages(conversationId: string): Promise<MessageRow[]> {
    return this.db
      .select()
      .from(aiChatMessages)
      .where(eq(aiChatMessages.conversationId, conversationId))
      .orderBy(asc(aiChatMessages.createdAt));
  }

  /** The newest `limit` messages, oldest first. */
  async recentMessages(conversationId: string, limit: number): Promise<MessageRow[]> {
    const rows = await this.db
      .select()
      .from(aiChatMessages)
      .where(eq(aiChatMessages.conversationId, conversationId))
      .orderBy(desc(aiChatMessages.createdAt))
      .limit(limit);
    return rows.reverse();
  }

  /**
   * A new conversation with its first exchange, in one statement (the conversation is a CTE), so a
   * reply is stored with one round trip and a failure leaves no empty conversation behind.
   */
  startConversation(
    c: { id: string; userId: string; title: string },
    x: ExchangeRows,
  ): Promise<StoredMessage[]> {
    return this.startStatement.execute({ ...exchangeParams(c.id, x), userId: c.userId, title: c.title });
  }

  /**
   * One exchange of an existing conversation in one statement: inserts it, bumps the conversation
   * and deletes all but the newest `keep` messages (CTEs run against the statement's snapshot, so
   * of the messages already there the newest `keep - 2` stay).
   */
  saveExchange(conversationId: string, x: ExchangeRows, keep: number): Promise<StoredMessage[]> {
    return this.saveStatement.execute({
      ...exchangeParams(conversationId, x),
      keepOlder: Math.max(0, keep - 2),
    });
  }

  /** An assistant message of one of the user's conversations. */
  async findOwnMessage(userId: string, messageId: string): Promise<MessageRow | null> {
    const rows = await this.db
      .select({ m: aiChatMessages })
      .from(aiChatMessages)
      .innerJoin(aiConversations, eq(aiConversations.id, aiChatMessages.conversationId))
      .where(and(eq(aiChatMessages.id, messageId), eq(aiConversations.userId, userId)));
    return rows[0]?.m ?? null;
  }

  async addFeedback(messageId: string, userId: string, rating: number, comment: string | null) {
    await this.db.insert(aiChatFeedback).values({ messageId, userId, rating, comment });
  }

  feedbackFor(messageId: string) {
    return this.db.select().from(aiChatFeedback).where(eq(aiChatFeedback.messageId, messageId));
  }
}
