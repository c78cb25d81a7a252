import { desc, eq, gt, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiChatMessages, aiConversations, aiUsageLog } from '../../../db/schema/index';
import { learningQueueCte } from '../learning/learning-queue.repository';
import { type NewUsageRow, usageRowArrays, usageRowsSelect } from '../providers/providers.repository';
import {
  byConversation,
  exchangeParams,
  exchangeValues,
  messageArrayParams,
  messageArrays,
  p,
  place,
} from './chat-exchange-rows';
import { interactionArrays, interactionsCte } from './chat-interactions';

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
  /** When the question arrived: the AI interaction's response_time runs from it to `answeredAt`. */
  receivedAt?: Date;
  /**
   * The usage rows of the calls that produced the reply (the router deferred them to this write):
   * inserted in the same statement as the messages, so a reply costs one statement, not two.
   */
  usage?: NewUsageRow[];
}

/** What storing an exchange returns of its two rows: the caller only needs the reply's id. */
const storedIds = { id: aiChatMessages.id, role: aiChatMessages.role };
export type StoredMessage = Pick<MessageRow, 'id' | 'role'>;

/** A conversation created with its first exchange; `clientKey` when the client named it. */
export interface NewConversation {
  id: string;
  userId: string;
  title: string;
  clientKey?: string | null;
}

/** A conversation an exchange is stored in, and its owner (the asker). */
export type OwnedConversation = Pick<NewConversation, 'id' | 'userId'>;

/**
 * The statements that store chat exchanges (a question and its reply, with their calls' usage
 * rows and, for a reply that is not a failure, its AI interaction), built once and prepared (named server-side statements on both drivers): a chat reply, or
 * a batch of concurrent ones (ChatExchangeBatcher), costs one round trip to store.
 */
export class ChatExchangeRepository {
  private readonly startStatement;
  private readonly saveStatement;
  private readonly startManyStatement;
  private readonly saveManyStatement;

  constructor(db: Db) {
    // Every exchange statement also inserts its calls' usage rows and its AI interactions (none:
    // empty arrays, no rows).
    const usage = (name: string) =>
      db.$with(name).as(db.insert(aiUsageLog).select(usageRowsSelect()).returning({ id: aiUsageLog.id }));
    const interactions = interactionsCte(db, 'chat_interactions');
    // ...and queues them for learning 1 s later while learning is on (no row otherwise).
    const learn = learningQueueCte(db, 'chat_learning_queue', interactions);
    const conversation = db.$with('chat_new_conversation').as(
      db
        .insert(aiConversations)
        .values({
          id: p('conversationId'),
          userId: p('userId'),
          title: p('title'),
          clientKey: p('clientKey'),
        } as never)
        .returning({ id: aiConversations.id }),
    );
    this.startStatement = db
      .with(conversation, usage('chat_usage'), interactions, learn)
      .insert(aiChatMessages)
      .values(exchangeValues())
      .returning(storedIds)
      .prepare('chat_start_conversation');

    // The conversations an exchange is stored in get their updated_at bumped, and the messages
    // `doomed` selects deleted, in CTEs of the exchange's insert.
    const bump = (name: string, ids: SQL) =>
      db
        .$with(name)
        .as(
          db
            .update(aiConversations)
            .set({ updatedAt: sql`now()` })
            .where(sql`${aiConversations.id} = ${ids}`)
            .returning({ id: aiConversations.id }),
        );
    const trim = (name: string, doomed: SQLWrapper) =>
      db
        .$with(name)
        .as(
          db
            .delete(aiChatMessages)
            .where(inArray(aiChatMessages.id, doomed))
            .returning({ id: aiChatMessages.id }),
        );

    const bumped = bump('chat_bumped', sql`${p('conversationId')}`);
    const trimmed = trim(
      'chat_trimmed',
      db
        .select({ id: aiChatMessages.id })
        .from(aiChatMessages)
        .where(eq(aiChatMessages.conversationId, p('conversationId')))
        .orderBy(desc(aiChatMessages.createdAt))
        .offset(p('keepOlder')),
    );
    this.saveStatement = db
      .with(bumped, trimmed, usage('chat_usage'), interactions, learn)
      .insert(aiChatMessages)
      .values(exchangeValues())
      .returning(storedIds)
      .prepare('chat_save_exchange');

    const storedWithConversation = { ...storedIds, conversationId: aiChatMessages.conversationId };
    const conversations = db.$with('chat_new_conversations').as(
      db
        .insert(aiConversations)
        .select(
          // In the table's column order: id, user_id, title, created_at, updated_at, client_key.
          sql`select c.id, c.user_id, c.title, now(), now(), c.client_key
            from unnest(${p('ids')}::uuid[], ${p('userIds')}::uuid[], ${p('titles')}::text[], ${p('clientKeys')}::text[])
            as c(id, user_id, title, client_key)`,
        )
        .returning({ id: aiConversations.id }),
    );
    this.startManyStatement = db
      .with(conversations, usage('chat_usage_many'), interactions, learn)
      .insert(aiChatMessages)
      .select(messageArrays())
      .returning(storedWithConversation)
      .prepare('chat_start_conversations');

    const ofBatch = sql`any(${p('ids')}::uuid[])`;
    const bumpedMany = bump('chat_bumped_many', ofBatch);
    // Each conversation's messages newest first; those past `keepOlder` go, as the single statement's offset.
    const ranked = db
      .select({
        id: aiChatMessages.id,
        n: sql<number>`row_number() over (partition by ${aiChatMessages.conversationId} order by ${aiChatMessages.createdAt} desc)`.as(
          'n',
        ),
      })
      .from(aiChatMessages)
      .where(sql`${aiChatMessages.conversationId} = ${ofBatch}`)
      .as('chat_ranked');
    const trimmedMany = trim(
      'chat_trimmed_many',
      db
        .select({ id: ranked.id })
        .from(ranked)
        .where(gt(ranked.n, p('keepOlder'))),
    );
    this.saveManyStatement = db
      .with(bumpedMany, trimmedMany, usage('chat_usage_many'), interactions, learn)
      .insert(aiChatMessages)
      .select(messageArrays())
      .returning(storedWithConversation)
      .prepare('chat_save_exchanges');
  }

  /**
   * A new conversation with its first exchange, in one statement (the conversation is a CTE), so a
   * reply is stored with one round trip and a failure leaves no empty conversation behind.
   */
  startConversation(c: NewConversation, x: ExchangeRows): Promise<StoredMessage[]> {
    const placed = place(c.id, x, c.userId);
    return this.startStatement.execute({
      ...exchangeParams(placed),
      ...usageRowArrays(x.usage ?? []),
      ...interactionArrays([placed]),
      userId: c.userId,
      title: c.title,
      clientKey: c.clientKey ?? null,
    });
  }

  /**
   * One exchange of an existing conversation in one statement: inserts it, bumps the conversation
   * and deletes all but the newest `keep` messages (CTEs run against the statement's snapshot, so
   * of the messages already there the newest `keep - 2` stay).
   */
  saveExchange(conversation: OwnedConversation, x: ExchangeRows, keep: number): Promise<StoredMessage[]> {
    const placed = place(conversation.id, x, conversation.userId);
    return this.saveStatement.execute({
      ...exchangeParams(placed),
      ...usageRowArrays(x.usage ?? []),
      ...interactionArrays([placed]),
      keepOlder: Math.max(0, keep - 2),
    });
  }

  /**
   * Many new conversations with their first exchanges in one statement (the group commit's batch):
   * each item's stored rows, in order. One bad item fails the whole statement.
   */
  async startConversations(items: Array<{ conversation: NewConversation; exchange: ExchangeRows }>) {
    const ids = items.map((i) => i.conversation.id);
    const placed = items.map((i) => place(i.conversation.id, i.exchange, i.conversation.userId));
    const rows = await this.startManyStatement.execute({
      ids,
      userIds: items.map((i) => i.conversation.userId),
      titles: items.map((i) => i.conversation.title),
      clientKeys: items.map((i) => i.conversation.clientKey ?? null),
      ...messageArrayParams(placed),
      ...usageRowArrays(items.flatMap((i) => i.exchange.usage ?? [])),
      ...interactionArrays(placed),
    });
    return byConversation(ids, rows);
  }

  /**
   * Exchanges of many existing conversations in one statement, each as `saveExchange` would store
   * it: of a conversation's messages already there the newest `keep - 2` stay. Each conversation at
   * most once per call (its trimming could not see its own other exchange).
   */
  async saveExchanges(
    items: Array<{ conversation: OwnedConversation; exchange: ExchangeRows }>,
    keep: number,
  ) {
    const ids = items.map((i) => i.conversation.id);
    const placed = items.map((i) => place(i.conversation.id, i.exchange, i.conversation.userId));
    const rows = await this.saveManyStatement.execute({
      ids,
      keepOlder: Math.max(0, keep - 2),
      ...messageArrayParams(placed),
      ...usageRowArrays(items.flatMap((i) => i.exchange.usage ?? [])),
      ...interactionArrays(placed),
    });
    return byConversation(ids, rows);
  }
}
