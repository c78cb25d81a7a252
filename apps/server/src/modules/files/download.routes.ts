import { pipeline, Transform, type TransformCallback } from 'node:stream';
import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { downloadLinkReplySchema } from '@stratos/contracts/files/file.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';
import { DownloadRepository } from './download.repository';
import { DownloadService, RangeNotSatisfiableError } from './download.service';
import { DownloadTokens } from './download-token';
import { TransfersRepository } from './transfers.repository';

const idParams = z.object({ id: z.uuid() });
const downloadQuery = z.object({ token: z.string().min(1).max(4096) });

export function downloadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const service = new DownloadService({
    files: new DownloadRepository(db),
    transfers: new TransfersRepository(db),
    tokens: new DownloadTokens(ctx.secrets.jwtSecret),
    storage: ctx.storage,
    clock: ctx.clock,
  });
  return async (app) => {
    app.post(
      '/files/:id/download-link',
      {
        preHandler: app.requireAccess(ROUTE_GROUPS.storageRead),
        schema: {
          tags: ['files'],
          summary: 'A 5-minute download URL for one of your files',
          params: idParams,
          response: { 200: downloadLinkReplySchema },
        },
      },
      async (request) => {
        const link = await service.createLink(currentUser(request).id, request.params.id);
        return { success: true as const, ...link };
      },
    );

    app.get(
      '/files/:id/download',
      {
        // The token in the URL is the credential: a browser navigates here without a bearer token.
        exposeHeadRoute: false,
        schema: {
          tags: ['files'],
          summary: 'Download a file with a token from download-link (single byte ranges supported)',
          security: [],
          params: idParams,
          querystring: downloadQuery,
        },
      },
      async (request, reply) => {
        let opened: Awaited<ReturnType<DownloadService['open']>>;
        try {
          opened = await service.open(request.params.id, request.query.token, request.headers.range);
        } catch (err) {
          if (err instanceof RangeNotSatisfiableError) reply.header('content-range', `bytes */${err.size}`);
          throw err;
        }
        const counter = new ByteCounter();
        pipeline(opened.body, counter, () => {});
        reply.raw.once('close', () => {
          // Bytes handed to the response: all of them when it finished, fewer when the client left.
          if (counter.bytes === 0 && !reply.raw.writableFinished) return;
          service.recordTransfer(opened.userId, opened.fileId, counter.bytes).catch((err) => {
            request.log.error({ err }, 'could not record a download transfer');
          });
        });
        reply.status(opened.status).headers(opened.headers);
        return reply.send(counter);
      },
    );
  };
}

class ByteCounter extends Transform {
  bytes = 0;
  constructor() {
    super({ highWaterMark: 256 * 1024 });
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    cb(null, chunk);
  }
}
