import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import type { EventBus } from './event-bus';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For a write under the storage paths. 'marked': it changes what the storage pages show only
     * when its handler says so (`markStorageChanged`), as tus' requests, of which only the one
     * that completes an upload stores a file. 'none': it never does (a download link).
     */
    storageChange?: 'marked' | 'none';
  }
}

/** Routes whose successful writes change what a user's storage pages show (lists, dashboard, bin). */
const STORAGE_WRITES = /^\/api\/(files|folders|recycle-bin)(\/|$)/;

/** Requests of 'marked' routes that did change the user's storage. */
const marked = new WeakSet<IncomingMessage>();

/** This request (of a route configured `storageChange: 'marked'`) changed what the storage pages show. */
export function markStorageChanged(req: IncomingMessage): void {
  marked.add(req);
}

function changesStorage(mode: 'marked' | 'none' | undefined, req: IncomingMessage): boolean {
  if (mode === 'none') return false;
  return mode !== 'marked' || marked.has(req);
}

/**
 * Publishes `storage.changed` to the signed-in user after any write to their files succeeded: an
 * upload (multipart, or the tus request that completes one), a rename, a move, a delete, a
 * restore. One hook here rather than a call in every service, so a new write route is covered by
 * its path. Every open page of the user refetches its storage views on the event, so a request
 * that changed none of them (a tus creation, or a PATCH in the middle of an upload: reservations
 * and unfinished uploads show nowhere; a download link) sends nothing.
 *
 * The hook joins only the routes that can write under the storage paths, as each is registered:
 * every other request (the reads above all) runs no onResponse hook for it.
 */
export function registerStorageChangeFeed(app: FastifyInstance, events: EventBus): void {
  const publish: onResponseHookHandler = (request, reply, done) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      // The raw status: tus answers on the raw response itself.
      reply.raw.statusCode < 300 &&
      request.authUser &&
      changesStorage(request.routeOptions.config?.storageChange, request.raw)
    ) {
      void events.publish(request.authUser.id, { type: 'storage.changed' });
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!STORAGE_WRITES.test(route.url) || methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    route.onResponse = [...(route.onResponse ? [route.onResponse].flat() : []), publish];
  });
}
