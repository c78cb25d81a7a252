import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiChatFeedback, aiChatMessages, aiConversations } from '../../../db/schema/index';

export type ConversationRow = typeof aiConversations.$inferSelect;
export type MessageRow = typeof aiChatMessages.$inferSelect;
export type NewMessageRow = typeof aiChatMessages.$inferInsert;

/** Conversations, their messages and feedback: the chat module's SQL. */
export class ChatRepository {
  constructor(private readonly db: Db) {}

  async createConversation(userId: string, title: string): Promise<ConversationRow> {
    const rows = await this.db.insert(aiConversations).values({ userId, title }).returning();
    return rows[0] as ConversationRow;
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

  /** Stores one exchange, bumps the conversation and keeps only its newest `keep` messages. */
  async saveExchange(conversationId: string, rows: NewMessageRow[], keep: number): Promise<MessageRow[]> {
    return this.db.transaction(async (tx) => {
      const saved = await tx.insert(aiChatMessages).values(rows).returning();
      await tx
        .update(aiConversations)
        .set({ updatedAt: sql`now()` })
        .where(eq(aiConversations.id, conversationId));
      const old = await tx
        .select({ id: aiChatMessages.id })
        .from(aiChatMessages)
        .where(eq(aiChatMessages.conversationId, conversationId))
        .orderBy(desc(aiChatMessages.createdAt))
        .offset(keep);
      if (old.length > 0) {
        await tx.delete(aiChatMessages).where(
          inArray(
            aiChatMessages.id,
            old.map((o) => o.id),
          ),
        );
      }
      return saved;
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
