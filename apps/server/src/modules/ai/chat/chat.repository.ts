import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  aiChatFeedback,
  aiChatMessages,
  aiConversations,
  aiLearningInteractions,
} from '../../../db/schema/index';
import type { MessageRow } from './chat-exchanges.repository';

export type ConversationRow = typeof aiConversations.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Conversations, their messages and feedback: the chat module's SQL besides storing exchanges
 * (chat-exchanges.repository.ts). Every read is scoped to the user.
 */
export class ChatRepository {
  constructor(private readonly db: Db) {}

  /**
   * The user's conversation named `ref`: its server id or the key the client chose. A server id
   * wins over a key that happens to look like one; another user's conversation is never found.
   */
  async findConversation(userId: string, ref: string): Promise<ConversationRow | null> {
    const mine = eq(aiConversations.userId, userId);
    const rows = UUID.test(ref)
      ? await this.db
          .select()
          .from(aiConversations)
          .where(and(mine, or(eq(aiConversations.id, ref), eq(aiConversations.clientKey, ref))))
          .orderBy(sql`${aiConversations.id} = ${ref}::uuid desc`)
          .limit(1)
      : await this.db
          .select()
          .from(aiConversations)
          .where(and(mine, eq(aiConversations.clientKey, ref)));
    return rows[0] ?? null;
  }

  /** The user's newest `limit` conversations with their message counts. */
  async listConversations(
    userId: string,
    limit: number,
  ): Promise<Array<ConversationRow & { messageCount: number }>> {
    const rows = await this.db
      .select({
        id: aiConversations.id,
        userId: aiConversations.userId,
        title: aiConversations.title,
        createdAt: aiConversations.createdAt,
        updatedAt: aiConversations.updatedAt,
        clientKey: aiConversations.clientKey,
        messageCount: count(aiChatMessages.id),
      })
      .from(aiConversations)
      .leftJoin(aiChatMessages, eq(aiChatMessages.conversationId, aiConversations.id))
      .where(eq(aiConversations.userId, userId))
      .groupBy(aiConversations.id)
      .orderBy(desc(aiConversations.updatedAt))
      .limit(limit);
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

  /** An assistant message of one of the user's conversations. */
  async findOwnMessage(userId: string, messageId: string): Promise<MessageRow | null> {
    const rows = await this.db
      .select({ m: aiChatMessages })
      .from(aiChatMessages)
      .innerJoin(aiConversations, eq(aiConversations.id, aiChatMessages.conversationId))
      .where(and(eq(aiChatMessages.id, messageId), eq(aiConversations.userId, userId)));
    return rows[0]?.m ?? null;
  }

  /**
   * Stores the rating and, in the same statement, sets the reply's AI interaction from it:
   * satisfaction_score = rating / 5, was_helpful true from 4, false up to 2, unknown at 3
   * (part 2 section 5). The newest rating wins.
   */
  async addFeedback(messageId: string, userId: string, rating: number, comment: string | null) {
    const stored = this.db
      .$with('chat_feedback')
      .as(
        this.db
          .insert(aiChatFeedback)
          .values({ messageId, userId, rating, comment })
          .returning({ id: aiChatFeedback.id }),
      );
    await this.db
      .with(stored)
      .update(aiLearningInteractions)
      .set({ satisfactionScore: rating / 5, wasHelpful: rating >= 4 ? true : rating <= 2 ? false : null })
      .where(eq(aiLearningInteractions.messageId, messageId));
  }

  feedbackFor(messageId: string) {
    return this.db.select().from(aiChatFeedback).where(eq(aiChatFeedback.messageId, messageId));
  }
}
