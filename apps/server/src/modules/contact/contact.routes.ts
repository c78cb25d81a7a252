import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  contactBodySchema,
  contactCreateReplySchema,
  contactListQuerySchema,
  contactListReplySchema,
} from '@stratos/contracts/contact/contact.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import type { TokenService } from '../auth/token.service';
import { ContactRepository } from './contact.repository';
import { ContactService } from './contact.service';

/**
 * The sender's user id when a valid bearer token comes along. The form is public, so a missing,
 * expired or forged token is ignored rather than refused (requireAccess would refuse it).
 */
function optionalUserId(request: FastifyRequest, tokens: TokenService): string | null {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
  const result = tokens.verifyAccess(token.trim());
  return result.ok ? result.claims.id : null;
}

export function contactRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new ContactService(new ContactRepository(ctx.database.db));
  return async (app) => {
    app.post(
      '/contact',
      {
        // Public and unauthenticated, so the cheapest spam target: 5 messages a minute per IP.
        config: { rateLimit: { max: 5, timeWindow: 60_000 } },
        schema: {
          tags: ['contact'],
          security: [],
          body: contactBodySchema,
          response: { 201: contactCreateReplySchema },
        },
      },
      async (request, reply) => {
        const id = await service.create(request.body, optionalUserId(request, ctx.tokens));
        return reply.status(201).send({ success: true as const, data: { id } });
      },
    );

    app.get(
      '/admin/contact-messages',
      {
        preHandler: app.requireAccess(ROUTE_GROUPS.admin),
        schema: {
          tags: ['admin'],
          querystring: contactListQuerySchema,
          response: { 200: contactListReplySchema },
        },
      },
      async (request) => ({ success: true as const, data: await service.list(request.query) }),
    );
  };
}
