import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { TUS_ENDPOINT } from '@stratos/contracts/files/upload.schema';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { TusUploads } from './tus.service';
import { createUploadService, type UploadService } from './upload.service';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The tus endpoint (/api/files/tus): creation, HEAD, PATCH, DELETE with the bearer token on every
 * request (tus-js-client sends it as a custom header); OPTIONS for discovery. GET is not served:
 * files are downloaded through download links.
 */
export function tusRoutes(
  ctx: AppContext,
  service: UploadService = createUploadService(ctx),
): FastifyPluginAsync {
  const tus = new TusUploads(service, ctx.config.storage, ctx.log);
  return async (app) => {
    // tus reads the raw request body itself.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const guard = app.requireAccess(ROUTE_GROUPS.storageWrite);
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await tus.handle(request.raw, reply.raw, request.authUser);
    };
    const base = TUS_ENDPOINT.replace(/^\/api/, '');
    for (const url of [base, `${base}/:id`]) {
      app.route({
        method: ['POST', 'HEAD', 'PATCH', 'DELETE'],
        url,
        preHandler: guard,
        schema: { hide: true },
        // Only the request that completes an upload stores a file (TusUploads marks it).
        config: { storageChange: 'marked' },
        handler: handle,
      });
      app.route({ method: 'OPTIONS', url, schema: { hide: true }, handler: handle });
    }

    let timer: NodeJS.Timeout | undefined;
    const sweep = () =>
      tus.sweepExpired().then(
        (n) => n > 0 && ctx.log.info(`tus: removed ${n} expired upload(s)`),
        (err) => ctx.log.warn({ err }, 'tus: could not sweep expired uploads'),
      );
    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, SWEEP_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  };
}
