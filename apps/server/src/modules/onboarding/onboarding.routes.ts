import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  onboardingReplySchema,
  saveOnboardingBodySchema,
} from '@stratos/contracts/billing/onboarding.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';
import { OnboardingRepository } from './onboarding.repository';
import { OnboardingService } from './onboarding.service';

/** GET/PUT /api/onboarding: the signed-in user's onboarding answers. */
export function onboardingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new OnboardingService(new OnboardingRepository(ctx.database.db), ctx.clock);
  return async (app) => {
    const signedIn = app.requireAccess(ROUTE_GROUPS.account);
    const tags = ['onboarding'];

    app.get(
      '/onboarding',
      { preHandler: signedIn, schema: { tags, response: { 200: onboardingReplySchema } } },
      async (request) => ({ success: true as const, onboarding: await service.get(currentUser(request).id) }),
    );

    app.put(
      '/onboarding',
      {
        preHandler: signedIn,
        schema: { tags, body: saveOnboardingBodySchema, response: { 200: onboardingReplySchema } },
      },
      async (request) => ({
        success: true as const,
        onboarding: await service.save(currentUser(request).id, request.body),
      }),
    );
  };
}
