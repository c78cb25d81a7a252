import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../app-context';
import { SSE_HEADERS } from '../lib/sse';
import { currentUser } from '../plugins/auth-guard';
import type { LiveEvent } from './event-bus';

/** A comment line now and then keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: the signed-in user's live events as server-sent events (`event: <type>`,
 * `data: <json>`), for as long as the page keeps the request open. Streams end when the server
 * shuts down (the client reconnects to another process), so they never hold up a drain.
 */
export async function eventsRoutes(app: FastifyInstance, ctx: AppContext) {
  const open = new Set<FastifyReply>();
  app.addHook('preClose', async () => {
    for (const reply of open) reply.raw.end();
  });

  app.get(
    '/events',
    {
      preHandler: app.requireAccess(ROUTE_GROUPS.storageRead),
      schema: { tags: ['system'], description: 'Server-sent events: storage.changed, analysis.changed' },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      reply.hijack();
      reply.raw.writeHead(200, SSE_HEADERS);
      const send = (text: string) => {
        if (reply.raw.writableEnded) return;
        reply.raw.write(text);
        reply.raw.socket?.uncork();
      };
      send(': connected\n\n');
      const unsubscribe = ctx.events.subscribe(userId, (event: LiveEvent) =>
        send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
      );
      const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      open.add(reply);
      reply.raw.once('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(reply);
      });
    },
  );
}
