import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { successOnlySchema, uuidParamsSchema } from '@stratos/contracts/common/envelope.schema';
import {
  createShareBodySchema,
  publicShareDownloadBodySchema,
  publicShareDownloadReplySchema,
  publicShareReplySchema,
  shareListQuerySchema,
  shareListReplySchema,
  shareReplySchema,
  shareTicketQuerySchema,
  shareTokenParamsSchema,
} from '@stratos/contracts/files/share.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';
import { Argon2PasswordHasher } from '../auth/password-hasher.service';
import { sendFile } from './file-response';
import { FilesRepository } from './files.repository';
import { ShareRepository } from './share.repository';
import { ShareService } from './share.service';
import { ShareTickets } from './share-ticket';
import { TransfersRepository } from './transfers.repository';

const tokenParams = shareTokenParamsSchema;
const ticketQuery = shareTicketQuerySchema;

/** The owner's share links, and the public endpoints a link opens (no sign-in). */
export function shareRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const service = new ShareService({
    shares: new ShareRepository(db),
    files: new FilesRepository(db),
    transfers: new TransfersRepository(db),
    hasher: new Argon2PasswordHasher(),
    tickets: new ShareTickets(ctx.secrets.jwtSecret),
    storage: ctx.storage,
    clock: ctx.clock,
  });
  return async (app) => {
    const read = app.requireAccess(ROUTE_GROUPS.storageRead);
    const write = app.requireAccess(ROUTE_GROUPS.storageWrite);

    app.post(
      '/files/:id/shares',
      {
        preHandler: write,
        schema: {
          tags: ['shares'],
          params: uuidParamsSchema,
          body: createShareBodySchema,
          response: { 201: shareReplySchema },
        },
      },
      async (request, reply) => {
        const share = await service.create(currentUser(request).id, request.params.id, request.body);
        return reply.status(201).send({ success: true as const, share });
      },
    );

    app.get(
      '/files/:id/shares',
      {
        preHandler: read,
        schema: {
          tags: ['shares'],
          params: uuidParamsSchema,
          querystring: shareListQuerySchema,
          response: { 200: shareListReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        shares: await service.list(currentUser(request).id, request.query.limit, request.params.id),
      }),
    );

    app.get(
      '/shares',
      {
        preHandler: read,
        schema: {
          tags: ['shares'],
          querystring: shareListQuerySchema,
          response: { 200: shareListReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        shares: await service.list(currentUser(request).id, request.query.limit),
      }),
    );

    app.delete(
      '/shares/:id',
      {
        preHandler: write,
        schema: { tags: ['shares'], params: uuidParamsSchema, response: { 200: successOnlySchema } },
      },
      async (request) => {
        await service.revoke(currentUser(request).id, request.params.id);
        return { success: true as const };
      },
    );

    app.get(
      '/public/shares/:token',
      {
        schema: {
          tags: ['shares'],
          summary: 'What a share link holds (public)',
          security: [],
          params: tokenParams,
          response: { 200: publicShareReplySchema },
        },
      },
      async (request) => ({ success: true as const, ...(await service.publicInfo(request.params.token)) }),
    );

    app.post(
      '/public/shares/:token/download',
      {
        // Password guessing: 10 tries a minute per IP.
        config: { rateLimit: { max: 10, timeWindow: 60_000 } },
        schema: {
          tags: ['shares'],
          summary: 'A short-lived download URL for a share link (public; the password when it has one)',
          security: [],
          params: tokenParams,
          body: publicShareDownloadBodySchema,
          response: { 200: publicShareDownloadReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        url: await service.issueDownload(request.params.token, request.body?.password),
      }),
    );

    app.get(
      '/public/shares/:token/file',
      {
        exposeHeadRoute: false,
        schema: {
          tags: ['shares'],
          summary: 'The shared bytes, with a ticket from /download (single byte ranges supported)',
          security: [],
          params: tokenParams,
          querystring: ticketQuery,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          () => service.openFile(request.params.token, request.query.t, request.headers.range),
          (opened, bytes) => {
            const work = [service.recordDownload(opened, bytes)];
            if (opened.fromStart) work.push(service.countDownload(opened));
            Promise.all(work).catch((err) => request.log.error({ err }, 'could not record a share download'));
          },
        ),
    );
  };
}
