import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import {
  preferencesReplySchema,
  preferencesUpdateReplySchema,
  preferencesUpdateSchema,
} from '@stratos/contracts/preferences/preferences.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { parsedReply } from '../../lib/parsed-reply';
import { currentUser } from '../../plugins/auth-guard';
import { PreferencesRepository } from './preferences.repository';
import { PreferencesService } from './preferences.service';

export function preferencesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new PreferencesService(new PreferencesRepository(ctx.database.db));
  return async (app) => {
    const guard = app.requireAccess(ROUTE_GROUPS.account);

    app.get(
      '/user-preferences',
      {
        preHandler: guard,
        // The service answers the contract's parse of the stored row (effectivePreferences).
        serializerCompiler: parsedReply,
        schema: { tags: ['preferences'], response: { 200: preferencesReplySchema } },
      },
      async (request) => ({ success: true as const, data: await service.get(currentUser(request).id) }),
    );

    app.put(
      '/user-preferences',
      {
        preHandler: guard,
        schema: {
          tags: ['preferences'],
          body: preferencesUpdateSchema,
          response: { 200: preferencesUpdateReplySchema },
        },
      },
      async (request) => {
        const result = await service.update(currentUser(request).id, request.body);
        return { success: true as const, updated_fields: result.updatedFields, data: result.preferences };
      },
    );

    app.post(
      '/user-preferences/reset',
      { preHandler: guard, schema: { tags: ['preferences'], response: { 200: successOnlySchema } } },
      async (request) => {
        await service.reset(currentUser(request).id);
        return { success: true as const };
      },
    );
  };
}
