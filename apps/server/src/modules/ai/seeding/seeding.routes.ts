import { decideAccess, ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  SEED_MESSAGES,
  type SeedProgress,
  seedBodySchema,
  seedCategoriesReplySchema,
  seedCheckReplySchema,
  seedClearBodySchema,
  seedClearReplySchema,
  seedRealReplySchema,
  seedSmartReplySchema,
} from '@stratos/contracts/ai/seeding.schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context';
import { AppError } from '../../../lib/app-error';
import { streamProgress } from '../../../lib/progress-stream';
import { currentUser } from '../../../plugins/auth-guard';
import { DOMAINS, FACETS, KNOWLEDGE_TYPES } from './vocabulary';

/**
 * The seeding tool (part 2 section 7): smart and real seeds, check, clear, and a progress
 * stream. Superadmin only; anyone else gets the specification's 403.
 */
export function aiSeedingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const seeding = ctx.aiSeeding;
  return async (app) => {
    const signedIn = app.requireAccess(ROUTE_GROUPS.account);
    const superadminOnly = async (request: FastifyRequest) => {
      if (!decideAccess(currentUser(request), ROUTE_GROUPS.superadmin).allowed) {
        throw new AppError(403, 'INSUFFICIENT_PERMISSIONS', SEED_MESSAGES.databaseAccess);
      }
    };
    const preHandler = [signedIn, superadminOnly];
    const tags = ['ai'];

    app.post(
      '/ai/seed/smart',
      {
        preHandler,
        schema: {
          tags,
          description:
            'Inserts the seed records not yet present (deduplicated by content hash); waits for the end',
          body: seedBodySchema,
          response: { 200: seedSmartReplySchema },
        },
      },
      async (request) => seeding.smart(request.body?.scale),
    );

    app.post(
      '/ai/seed/real',
      {
        preHandler,
        schema: {
          tags,
          description: 'The full seed of the eight AI tables (idempotent); waits for the end',
          body: seedBodySchema,
          response: { 200: seedRealReplySchema },
        },
      },
      async (request) => seeding.real(request.body?.scale),
    );

    app.get(
      '/ai/seed/check',
      { preHandler, schema: { tags, response: { 200: seedCheckReplySchema } } },
      async () => seeding.check(),
    );

    app.get(
      '/ai/seed/categories',
      {
        preHandler,
        schema: {
          tags,
          description: 'The knowledge categories the seed covers: its 30 domains and 28 facets',
          response: { 200: seedCategoriesReplySchema },
        },
      },
      async () => ({
        success: true as const,
        data: {
          domains: DOMAINS.map((d) => ({ domain: d.domain, label: d.label, topics: [...d.topics] })),
          facets: [...FACETS],
          knowledgeTypes: [...KNOWLEDGE_TYPES],
          totalCategories: DOMAINS.length + FACETS.length,
        },
      }),
    );

    app.post(
      '/ai/seed/clear',
      {
        preHandler,
        schema: {
          tags,
          description: `Deletes every record of the eight AI tables; the body must be { "confirm": "DELETE ALL AI DATA" }`,
          body: seedClearBodySchema,
          response: { 200: seedClearReplySchema },
        },
      },
      async () => seeding.clear(),
    );

    app.get(
      '/ai/seed/progress',
      {
        preHandler,
        schema: {
          tags,
          description:
            'Server-sent events of the seed or clear in progress (here or in another process): progress, then done; when none runs, one idle event (with a retry delay) and the end',
        },
      },
      async (request, reply) => streamSeedProgress(request, reply, seeding),
    );
  };
}

/**
 * Streams the progress of the run in progress and ends after it finishes (or at once, with an
 * idle event, when none runs). Events come at once from a run in this process and from the lease
 * row for a run elsewhere; a run that ended elsewhere is closed with the status its row kept.
 */
function streamSeedProgress(request: FastifyRequest, reply: FastifyReply, seeding: AppContext['aiSeeding']) {
  return streamProgress<SeedProgress>(request, reply, {
    name: 'seed',
    subscribe: (on) => seeding.subscribe(on),
    poll: async (last) => {
      const { running, lastStatus } = await seeding.state();
      if (running) return running;
      if (last?.status !== 'running') return null;
      return { ...last, isSeeding: false, status: lastStatus === 'failed' ? 'failed' : 'succeeded' };
    },
    running: (p) => p.status === 'running',
    idle: { isSeeding: false },
  });
}
