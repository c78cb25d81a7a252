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
import { SSE_HEADERS } from '../../../lib/sse';
import { currentUser } from '../../../plugins/auth-guard';
import { DOMAINS, FACETS, KNOWLEDGE_TYPES } from './vocabulary';

/** How often the progress stream looks at the lease row for a run in another process. */
const POLL_MS = 500;
const KEEPALIVE_MS = 15_000;
/** When no run is in progress the stream ends; EventSource reconnects after this. */
const IDLE_RETRY_MS = 2000;

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
      async (request, reply) => streamProgress(request, reply, seeding),
    );
  };
}

/**
 * Streams the progress of the run in progress and ends after it finishes (or at once, with an
 * idle event, when none runs).
 * Events come at once from a run in this process and from the lease row for a run elsewhere.
 */
async function streamProgress(
  request: FastifyRequest,
  reply: FastifyReply,
  seeding: AppContext['aiSeeding'],
) {
  reply.hijack();
  reply.raw.writeHead(200, SSE_HEADERS);
  let closed = false;
  let sawRun = false;
  let last = '';
  const send = (event: string, data: unknown) => {
    if (closed || reply.raw.writableEnded) return;
    reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    reply.raw.socket?.uncork();
  };
  await new Promise<void>((resolve) => {
    const finish = () => {
      if (closed) return;
      closed = true;
      unsubscribe();
      clearInterval(poll);
      clearInterval(keepalive);
      resolve();
    };
    const onProgress = (p: SeedProgress) => {
      const text = JSON.stringify(p);
      if (text === last) return;
      last = text;
      sawRun = true;
      if (p.status === 'running') send('progress', p);
      else {
        send('done', p);
        finish();
      }
    };
    const unsubscribe = seeding.subscribe(onProgress);
    // A run in another process: its lease row, until the row says it is over.
    const look = () =>
      seeding.state().then(
        ({ running, lastStatus }) => {
          if (closed) return;
          if (running) onProgress(running);
          else if (sawRun && last && JSON.parse(last).status === 'running') {
            // Ended in another process: the lease row says how.
            const status = lastStatus === 'failed' ? 'failed' : 'succeeded';
            onProgress({ ...(JSON.parse(last) as SeedProgress), isSeeding: false, status });
          }
        },
        (err) => request.log.error({ err }, 'seed progress poll failed'),
      );
    const poll = setInterval(look, POLL_MS);
    const keepalive = setInterval(() => {
      if (!closed) reply.raw.write(': keep-alive\n\n');
    }, KEEPALIVE_MS);
    reply.raw.on('close', finish);
    // Nothing running: say so and end; an EventSource comes back after `retry` to look again.
    void look().then(() => {
      if (sawRun || closed) return;
      reply.raw.write(`retry: ${IDLE_RETRY_MS}\n`);
      send('idle', { isSeeding: false });
      finish();
    });
  });
  reply.raw.end();
  return reply;
}
