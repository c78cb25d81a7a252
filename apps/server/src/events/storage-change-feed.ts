import type { FastifyInstance } from 'fastify';
import type { EventBus } from './event-bus';

/** Routes whose successful writes change what a user's storage pages show (lists, dashboard, bin). */
const STORAGE_WRITES = /^\/api\/(files|folders|recycle-bin)(\/|$)/;

/**
 * Publishes `storage.changed` to the signed-in user after any write to their files succeeded: an
 * upload (multipart, or each tus PATCH, which is how other tabs follow its progress), a rename, a
 * move, a delete, a restore. One hook here rather than a call in every service, so a new write
 * route is covered by its path.
 */
export function registerStorageChangeFeed(app: FastifyInstance, events: EventBus): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      // The raw status: tus answers on the raw response itself.
      reply.raw.statusCode < 300 &&
      request.authUser &&
      route &&
      STORAGE_WRITES.test(route)
    ) {
      void events.publish(request.authUser.id, { type: 'storage.changed' });
    }
    done();
  });
}
