import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { workbenchOptionsReplySchema, workbenchRunBodySchema } from '@stratos/contracts/ai/workbench.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { streamEvents } from '../../../lib/sse';
import { currentUser } from '../../../plugins/auth-guard';
import { aiServicesFor } from '../providers/ai-services';
import { WorkbenchService } from './workbench.service';

/** The AI workbench: what the user may pick, and a streamed run (server-sent events). */
export function aiWorkbenchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const ai = aiServicesFor(ctx);
  const workbench = new WorkbenchService({
    router: ai.router,
    providers: ai.providers,
    usage: ai.usage,
    policy: ai.policy,
  });
  return async (app) => {
    const preHandler = app.requireAccess(ROUTE_GROUPS.aiUse);
    const tags = ['ai'];
    const runLimit = { rateLimit: { max: ctx.config.ai.chatRateLimitPerMinute, timeWindow: '1 minute' } };

    app.get(
      '/ai/workbench/options',
      { preHandler, schema: { tags, response: { 200: workbenchOptionsReplySchema } } },
      async (request) => ({ success: true as const, data: await workbench.options(currentUser(request).id) }),
    );

    app.post(
      '/ai/workbench/stream',
      {
        preHandler,
        config: runLimit,
        schema: {
          tags,
          body: workbenchRunBodySchema,
          description: 'Server-sent events: start (provider, model at the first token), token, done, error',
        },
      },
      (request, reply) =>
        streamEvents(request, reply, 'workbench stream', (send, signal) =>
          workbench.run(
            currentUser(request).id,
            request.body,
            { start: (e) => send('start', e), token: (text) => send('token', { text }) },
            signal,
          ),
        ),
    );
  };
}
