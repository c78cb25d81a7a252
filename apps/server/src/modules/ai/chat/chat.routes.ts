import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  chatBodySchema,
  chatFeedbackBodySchema,
  chatFeedbackParamsSchema,
  chatReplySchema,
  conversationParamsSchema,
  conversationPatchBodySchema,
  conversationReplySchema,
  conversationsQuerySchema,
  conversationsReplySchema,
} from '@stratos/contracts/ai/chat.schema';
import { successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { streamEvents } from '../../../lib/sse';
import { currentUser } from '../../../plugins/auth-guard';
import { fileIndexServicesFor } from '../file-index/file-index-services';
import { learningQueueFor, learningServiceFor } from '../learning/learning-services';
import { aiServicesFor } from '../providers/ai-services';
import { ChatRepository } from './chat.repository';
import { ChatService } from './chat.service';
import { ChatExchangeRepository } from './chat-exchanges.repository';

/** AI chat: one reply, a streamed reply (server-sent events), conversations and feedback. */
export function aiChatRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const ai = aiServicesFor(ctx);
  const chat = new ChatService({
    repo: new ChatRepository(ctx.database.db),
    exchanges: new ChatExchangeRepository(ctx.database.db),
    router: ai.router,
    usage: ai.usage,
    log: ctx.log,
    files: fileIndexServicesFor(ctx).retrieval,
    guidance: (question) => learningServiceFor(ctx).guidanceFor(question),
    onInteraction: () => learningQueueFor(ctx).recorded(),
  });
  return async (app) => {
    app.addHook('preClose', async () => learningQueueFor(ctx).stop());
    const signedIn = app.requireAccess(ROUTE_GROUPS.account);
    const tags = ['ai'];
    const chatLimit = { rateLimit: { max: ctx.config.ai.chatRateLimitPerMinute, timeWindow: '1 minute' } };

    app.post(
      '/ai/chat',
      {
        preHandler: signedIn,
        config: chatLimit,
        schema: { tags, body: chatBodySchema, response: { 200: chatReplySchema } },
      },
      async (request) => chat.chat(currentUser(request).id, request.body),
    );

    app.post(
      '/ai/chat/stream',
      {
        preHandler: signedIn,
        config: chatLimit,
        schema: {
          tags,
          body: chatBodySchema,
          description:
            'Server-sent events: sources (before the first token, when files were used), token, retry, done, error',
        },
      },
      (request, reply) =>
        streamEvents(request, reply, 'chat stream', (send, signal) =>
          chat.stream(
            currentUser(request).id,
            request.body,
            {
              token: (text) => send('token', { text }),
              retry: (attempt, issues) => send('retry', { attempt, issues }),
              // With the first token at the latest, without delaying the provider's request.
              sources: (sources) => send('sources', { sources }, { later: true }),
            },
            signal,
          ),
        ),
    );

    app.post(
      '/ai/chat/:messageId/feedback',
      {
        preHandler: signedIn,
        schema: {
          tags,
          params: chatFeedbackParamsSchema,
          body: chatFeedbackBodySchema,
          response: { 200: successOnlySchema },
        },
      },
      async (request) => {
        const { rating, comment } = request.body;
        await chat.feedback(currentUser(request).id, request.params.messageId, rating, comment);
        return { success: true as const };
      },
    );

    app.get(
      '/ai/conversations',
      {
        preHandler: signedIn,
        schema: { tags, querystring: conversationsQuerySchema, response: { 200: conversationsReplySchema } },
      },
      async (request) => ({
        success: true as const,
        data: { conversations: await chat.list(currentUser(request).id, request.query.limit) },
      }),
    );

    app.get(
      '/ai/conversations/:id',
      {
        preHandler: signedIn,
        schema: { tags, params: conversationParamsSchema, response: { 200: conversationReplySchema } },
      },
      async (request) => ({
        success: true as const,
        data: await chat.open(currentUser(request).id, request.params.id),
      }),
    );

    app.patch(
      '/ai/conversations/:id',
      {
        preHandler: signedIn,
        schema: {
          tags,
          params: conversationParamsSchema,
          body: conversationPatchBodySchema,
          response: { 200: conversationReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await chat.update(currentUser(request).id, request.params.id, request.body),
      }),
    );

    app.delete(
      '/ai/conversations/:id',
      {
        preHandler: signedIn,
        schema: { tags, params: conversationParamsSchema, response: { 200: successOnlySchema } },
      },
      async (request) => {
        await chat.remove(currentUser(request).id, request.params.id);
        return { success: true as const };
      },
    );
  };
}
