import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { singleLineText } from '@stratos/contracts/common/text.schema';
import { downloadLinkReplySchema } from '@stratos/contracts/files/file.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';
import { DownloadRepository } from './download.repository';
import { DownloadService } from './download.service';
import { DownloadTokens } from './download-token';
import { sendFile } from './file-response';
import { TransfersRepository } from './transfers.repository';

const idParams = z.object({ id: z.uuid() });
const downloadQuery = z.object({ token: singleLineText().min(1).max(4096) });

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
        // A POST that stores nothing: the storage pages have nothing to refetch.
        config: { storageChange: 'none' },
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
      async (request, reply) =>
        sendFile(
          reply,
          () => service.open(request.params.id, request.query.token, request.headers.range),
          (opened, bytes) =>
            service.recordTransfer(opened.userId, opened.fileId, bytes).catch((err) => {
              request.log.error({ err }, 'could not record a download transfer');
            }),
        ),
    );
  };
}
