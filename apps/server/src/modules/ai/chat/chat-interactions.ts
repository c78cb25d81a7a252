import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiLearningInteractions } from '../../../db/schema/index';
import { classifyDomain } from '../knowledge/retrieval-domain';
import { type Placed, p } from './chat-exchange-rows';

/**
 * Every chat exchange is also an AI interaction (part 2 section 3, issue 16): a row of
 * ai_learning_interactions written by a CTE of the exchange's own statement, so a reply still
 * costs one statement and an exchange is never stored without its interaction, nor the reverse.
 * A failed call's apology is not an interaction. Feedback on the reply finds the row by its
 * message_id (ChatRepository.addFeedback). While learning is on, the learning module's CTE queues
 * each new interaction for per-interaction learning in the same statement (learningQueueCte).
 */
export const interactionsCte = (db: Db, name: string) =>
  db.$with(name, { id: aiLearningInteractions.id }).as(
    // The asker is given, not read from the conversation: a subquery here made the planner plan the
    // whole exchange statement anew at every execution (its generic plan priced the subquery once
    // per row of an unnest of unknown length), which cost more than the statement's own work.
    sql`insert into ${aiLearningInteractions} (user_id, message_id, user_query, ai_response, response_time,
      knowledge_used, domain, user_context, model_used, tokens_used, created_at)
    select x.user_id, x.message_id, x.user_query, x.ai_response, x.response_time, x.knowledge_used, x.domain,
      jsonb_build_object('conversation_id', x.conversation_id), x.model_used, x.tokens_used, x.created_at
    from unnest(${p('interactionConversationIds')}::uuid[], ${p('interactionUserIds')}::uuid[],
      ${p('interactionMessageIds')}::uuid[], ${p('interactionQueries')}::text[], ${p('interactionResponses')}::text[],
      ${p('interactionTimes')}::int[], ${p('interactionKnowledge')}::jsonb[], ${p('interactionDomains')}::text[],
      ${p('interactionModels')}::text[], ${p('interactionTokens')}::int[], ${p('interactionCreatedAt')}::timestamptz[])
    as x(conversation_id, user_id, message_id, user_query, ai_response, response_time, knowledge_used, domain,
      model_used, tokens_used, created_at)
    returning id`,
  );

/** What the reply drew on: the sources retrieval put in its metadata (file chunks, knowledge items). */
function knowledgeUsed(metadata: unknown): unknown[] {
  const sources = (metadata as { sources?: unknown } | null | undefined)?.sources;
  return Array.isArray(sources) ? sources : [];
}

/** `interactionsCte`'s parameters: one row per exchange that got a reply (none for a failure). */
export function interactionArrays(items: Placed[]) {
  const rows = items
    .filter((i) => !i.exchange.reply.isError)
    .map(({ conversationId, userId, replyId, exchange: x }) => {
      const usage = x.usage ?? [];
      return {
        conversationId,
        userId,
        replyId,
        query: x.question,
        response: x.reply.content,
        // From the question's arrival to the stored reply; unknown when the caller did not say.
        time: x.receivedAt ? Math.max(0, x.answeredAt.getTime() - x.receivedAt.getTime()) : null,
        knowledge: JSON.stringify(knowledgeUsed(x.reply.metadata)),
        domain: classifyDomain(x.question),
        model: x.reply.model ?? null,
        tokens: usage.length ? usage.reduce((sum, u) => sum + (u.tokensUsed ?? 0), 0) : null,
        createdAt: x.answeredAt.toISOString(),
      };
    });
  return {
    interactionConversationIds: rows.map((r) => r.conversationId),
    interactionUserIds: rows.map((r) => r.userId),
    interactionMessageIds: rows.map((r) => r.replyId),
    interactionQueries: rows.map((r) => r.query),
    interactionResponses: rows.map((r) => r.response),
    interactionTimes: rows.map((r) => r.time),
    interactionKnowledge: rows.map((r) => r.knowledge),
    interactionDomains: rows.map((r) => r.domain),
    interactionModels: rows.map((r) => r.model),
    interactionTokens: rows.map((r) => r.tokens),
    interactionCreatedAt: rows.map((r) => r.createdAt),
  };
}
