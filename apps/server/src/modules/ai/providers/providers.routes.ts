import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  aiKeyParamsSchema,
  aiProviderParamsSchema,
  aiProviderSettingsBodySchema,
  aiProviderSettingsListReplySchema,
  aiProviderSettingsReplySchema,
  aiProvidersReplySchema,
  aiUserKeyBodySchema,
  aiUserKeyReplySchema,
  aiUserKeysReplySchema,
} from '@stratos/contracts/ai/providers.schema';
import { successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { currentUser } from '../../../plugins/auth-guard';
import { aiServicesFor } from './ai-services';

/** AI providers: the list with status, checks on demand, platform settings and the user's own keys. */
export function aiProvidersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const ai = aiServicesFor(ctx);
  return async (app) => {
    const signedIn = app.requireAccess(ROUTE_GROUPS.account);
    const superadmin = app.requireAccess(ROUTE_GROUPS.superadmin);
    const tags = ['ai'];

    // Checked at start (in the background, so start-up does not wait), then by the 5-minute job.
    if (ctx.config.jobsEnabled) {
      app.addHook('onReady', async () => {
        ai.registry.checkAll().catch((err) => ctx.log.warn({ err }, 'AI provider check failed'));
      });
    }

    app.get(
      '/ai/providers',
      { preHandler: signedIn, schema: { tags, response: { 200: aiProvidersReplySchema } } },
      async (request) => ({
        success: true as const,
        data: { providers: await ai.providers.list(currentUser(request).id) },
      }),
    );

    app.post(
      '/ai/providers/test',
      {
        preHandler: signedIn,
        // Each run calls every provider: a few per minute per address is plenty.
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: { tags, response: { 200: aiProvidersReplySchema } },
      },
      async (request) => ({
        success: true as const,
        data: { providers: await ai.providers.testAll(currentUser(request).id) },
      }),
    );

    app.get(
      '/ai/providers/settings',
      { preHandler: superadmin, schema: { tags, response: { 200: aiProviderSettingsListReplySchema } } },
      async () => ({ success: true as const, data: { settings: await ai.providers.settings() } }),
    );

    app.put(
      '/ai/providers/:id/settings',
      {
        preHandler: superadmin,
        schema: {
          tags,
          params: aiProviderParamsSchema,
          body: aiProviderSettingsBodySchema,
          response: { 200: aiProviderSettingsReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await ai.providers.updateSettings(currentUser(request).id, request.params.id, request.body),
      }),
    );

    app.get(
      '/ai/keys',
      { preHandler: signedIn, schema: { tags, response: { 200: aiUserKeysReplySchema } } },
      async (request) => ({
        success: true as const,
        data: { keys: await ai.keys.list(currentUser(request).id) },
      }),
    );

    app.put(
      '/ai/keys/:provider',
      {
        preHandler: signedIn,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          params: aiKeyParamsSchema,
          body: aiUserKeyBodySchema,
          response: { 200: aiUserKeyReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: {
          key: await ai.keys.save(currentUser(request).id, request.params.provider, request.body.apiKey),
        },
      }),
    );

    app.delete(
      '/ai/keys/:provider',
      {
        preHandler: signedIn,
        schema: { tags, params: aiKeyParamsSchema, response: { 200: successOnlySchema } },
      },
      async (request) => {
        await ai.keys.remove(currentUser(request).id, request.params.provider);
        return { success: true as const };
      },
    );
  };
}
