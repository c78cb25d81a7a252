import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ExchangeRows, NewMessageRow, StoredMessage } from './chat-exchanges.repository';

/**
 * The parameters of the exchange statements (chat-exchanges.repository.ts): an exchange's two
 * message rows, alone as placeholders or many as one array per column.
 */

export const p = (name: string) => sql.placeholder(name);

/**
 * An exchange about to be stored, with the ids its two messages will have: made here rather than
 * by the database, so the statement's other rows (the AI interaction) can name the reply.
 */
export interface Placed {
  conversationId: string;
  /** The asker: the conversation's owner. */
  userId: string;
  exchange: ExchangeRows;
  questionId: string;
  replyId: string;
}

export const place = (conversationId: string, exchange: ExchangeRows, userId: string): Placed => ({
  conversationId,
  userId,
  exchange,
  questionId: randomUUID(),
  replyId: randomUUID(),
});

/** The exchange's two rows as placeholders: one statement shape, prepared once. */
export const exchangeValues = () =>
  [
    {
      id: p('questionId'),
      conversationId: p('conversationId'),
      role: 'user',
      content: p('question'),
      createdAt: p('askedAt'),
    },
    {
      id: p('replyId'),
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

/**
 * The messages of many exchanges as one column array each (a question row and a reply row per
 * exchange), for `unnest`: the statement's shape and its parameters do not depend on the batch size.
 */
export const messageArrays = () =>
  sql`select * from unnest(${p('messageIds')}::uuid[], ${p('conversationIds')}::uuid[], ${p('roles')}::text[],
    ${p('contents')}::text[], ${p('models')}::text[], ${p('providers')}::text[], ${p('qualities')}::jsonb[],
    ${p('attempts')}::int[], ${p('forced')}::boolean[], ${p('isError')}::boolean[],
    ${p('metadata')}::jsonb[], ${p('createdAt')}::timestamptz[])`;

export function exchangeParams({ conversationId, exchange: x, questionId, replyId }: Placed) {
  const r = x.reply;
  return {
    questionId,
    replyId,
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
  id: string;
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
function exchangeMessages(placed: Placed): MessageColumns[] {
  const { conversationId, exchange: x } = placed;
  const { content, model, provider, quality, attempt, forced, isError, metadata } = exchangeParams(placed);
  return [
    {
      id: placed.questionId,
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
      id: placed.replyId,
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
export function messageArrayParams(items: Placed[]) {
  const rows = items.flatMap(exchangeMessages);
  return {
    messageIds: rows.map((m) => m.id),
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
export function byConversation(
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
