import { desc, eq, gt, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiChatMessages, aiConversations, aiUsageLog } from '../../../db/schema/index';
import { type NewUsageRow, usageRowArrays, usageRowsSelect } from '../providers/providers.repository';

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
  /**
   * The usage rows of the calls that produced the reply (the router deferred them to this write):
   * inserted in the same statement as the messages, so a reply costs one statement, not two.
   */
  usage?: NewUsageRow[];
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

/** A conversation created with its first exchange; `clientKey` when the client named it. */
export interface NewConversation {
  id: string;
  userId: string;
  title: string;
  clientKey?: string | null;
}

/**
 * The messages of many exchanges as one column array each (a question row and a reply row per
 * exchange), for `unnest`: the statement's shape and its parameters do not depend on the batch size.
 */
const messageArrays = () =>
  sql`select gen_random_uuid(), * from unnest(${p('conversationIds')}::uuid[], ${p('roles')}::text[],
    ${p('contents')}::text[], ${p('models')}::text[], ${p('providers')}::text[], ${p('qualities')}::jsonb[],
    ${p('attempts')}::int[], ${p('forced')}::boolean[], ${p('isError')}::boolean[],
    ${p('metadata')}::jsonb[], ${p('createdAt')}::timestamptz[])`;

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

/** One message row as `messageArrays` takes it. */
interface MessageColumns {
  conversationId: string;
  role: 'user' | 'assistant';
  content: string;
  model: string | null;
  provider: string | null;
  quality: unknown;
  attempt: number | null;
  forced: boolean;
  isError: boolean;
  metadata: unknown;
  createdAt: Date;
}

/** The two rows of an exchange; the question takes the columns' defaults, as in the single statements. */
function exchangeMessages(conversationId: string, x: ExchangeRows): MessageColumns[] {
  const { content, model, provider, quality, attempt, forced, isError, metadata } = exchangeParams(
    conversationId,
    x,
  );
  return [
    {
      conversationId,
      role: 'user',
      content: x.question,
      model: null,
      provider: null,
      quality: null,
      attempt: null,
      forced: false,
      isError: false,
      metadata: {},
      createdAt: x.askedAt,
    },
    {
      conversationId,
      role: 'assistant',
      content,
      model,
      provider,
      quality,
      attempt,
      forced,
      isError,
      metadata,
      createdAt: x.answeredAt,
    },
  ];
}

/** Parameters of `messageArrays`. jsonb goes as text per element (cast in SQL), timestamps as ISO text. */
function messageArrayParams(items: Array<{ conversationId: string; exchange: ExchangeRows }>) {
  const rows = items.flatMap((item) => exchangeMessages(item.conversationId, item.exchange));
  return {
    conversationIds: rows.map((m) => m.conversationId),
    roles: rows.map((m) => m.role),
    contents: rows.map((m) => m.content),
    models: rows.map((m) => m.model),
    providers: rows.map((m) => m.provider),
    qualities: rows.map((m) => (m.quality === null ? null : JSON.stringify(m.quality))),
    attempts: rows.map((m) => m.attempt),
    forced: rows.map((m) => m.forced),
    isError: rows.map((m) => m.isError),
    metadata: rows.map((m) => JSON.stringify(m.metadata)),
    createdAt: rows.map((m) => m.createdAt.toISOString()),
  };
}

/** Each item's stored rows, in the items' order (a batch holds one item per conversation). */
function byConversation(
  conversationIds: string[],
  rows: Array<StoredMessage & { conversationId: string }>,
): StoredMessage[][] {
  const found = new Map<string, StoredMessage[]>();
  for (const { conversationId, id, role } of rows) {
    const list = found.get(conversationId) ?? [];
    list.push({ id, role });
    found.set(conversationId, list);
  }
  return conversationIds.map((id) => found.get(id) ?? []);
}

/**
 * The statements that store chat exchanges (a question and its reply, with their calls' usage
 * rows), built once and prepared (named server-side statements on both drivers): a chat reply, or
 * a batch of concurrent ones (ChatExchangeBatcher), costs one round trip to store.
 */
export class ChatExchangeRepository {
  private readonly startStatement;
  private readonly saveStatement;
  private readonly startManyStatement;
  private readonly saveManyStatement;

  constructor(db: Db) {
    // Every exchange statement also inserts its calls' usage rows (none: empty arrays, no rows).
    const usage = (name: string) =>
      db.$with(name).as(db.insert(aiUsageLog).select(usageRowsSelect()).returning({ id: aiUsageLog.id }));
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
      .with(conversation, usage('chat_usage'))
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
      .with(bumped, trimmed, usage('chat_usage'))
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
      .with(conversations, usage('chat_usage_many'))
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
      .with(bumpedMany, trimmedMany, usage('chat_usage_many'))
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
    return this.startStatement.execute({
      ...exchangeParams(c.id, x),
      ...usageRowArrays(x.usage ?? []),
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
  saveExchange(conversationId: string, x: ExchangeRows, keep: number): Promise<StoredMessage[]> {
    return this.saveStatement.execute({
      ...exchangeParams(conversationId, x),
      ...usageRowArrays(x.usage ?? []),
      keepOlder: Math.max(0, keep - 2),
    });
  }

  /**
   * Many new conversations with their first exchanges in one statement (the group commit's batch):
   * each item's stored rows, in order. One bad item fails the whole statement.
   */
  async startConversations(items: Array<{ conversation: NewConversation; exchange: ExchangeRows }>) {
    const ids = items.map((i) => i.conversation.id);
    const rows = await this.startManyStatement.execute({
      ids,
      userIds: items.map((i) => i.conversation.userId),
      titles: items.map((i) => i.conversation.title),
      clientKeys: items.map((i) => i.conversation.clientKey ?? null),
      ...messageArrayParams(items.map((i) => ({ conversationId: i.conversation.id, exchange: i.exchange }))),
      ...usageRowArrays(items.flatMap((i) => i.exchange.usage ?? [])),
    });
    return byConversation(ids, rows);
  }

  /**
   * Exchanges of many existing conversations in one statement, each as `saveExchange` would store
   * it: of a conversation's messages already there the newest `keep - 2` stay. Each conversation at
   * most once per call (its trimming could not see its own other exchange).
   */
  async saveExchanges(items: Array<{ conversationId: string; exchange: ExchangeRows }>, keep: number) {
    const ids = items.map((i) => i.conversationId);
    const rows = await this.saveManyStatement.execute({
      ids,
      keepOlder: Math.max(0, keep - 2),
      ...messageArrayParams(items),
      ...usageRowArrays(items.flatMap((i) => i.exchange.usage ?? [])),
    });
    return byConversation(ids, rows);
  }
}
