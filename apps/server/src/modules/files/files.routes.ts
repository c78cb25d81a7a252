import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { successOnlySchema, uuidParamsSchema } from '@stratos/contracts/common/envelope.schema';
import {
  fileListQuerySchema,
  fileListReplySchema,
  fileReplySchema,
  fileTagsReplySchema,
  fileUpdateBodySchema,
} from '@stratos/contracts/files/file.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';
import { FileTagsService } from './file-tags.service';
import { FilesService } from './files.service';

/** Listing, renaming, moving and deleting files (upload and download live in upload.* and download.*). */
export function filesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new FilesService(ctx.database.db, ctx.clock);
  const tags = new FileTagsService(ctx.database.db);
  return async (app) => {
    const read = app.requireAccess(ROUTE_GROUPS.storageRead);
    const write = app.requireAccess(ROUTE_GROUPS.storageWrite);

    app.get(
      '/files',
      {
        preHandler: read,
        schema: { tags: ['files'], querystring: fileListQuerySchema, response: { 200: fileListReplySchema } },
      },
      async (request) => service.list(currentUser(request).id, request.query),
    );

    app.get(
      '/files/tags',
      {
        preHandler: read,
        schema: {
          tags: ['files'],
          description: 'Your tags with how many live files carry each (the listing filters by `tag`)',
          response: { 200: fileTagsReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: { tags: await tags.counts(currentUser(request).id) },
      }),
    );

    app.patch(
      '/files/:id',
      {
        preHandler: write,
        schema: {
          tags: ['files'],
          params: uuidParamsSchema,
          body: fileUpdateBodySchema,
          response: { 200: fileReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        file: await service.update(currentUser(request).id, request.params.id, request.body),
      }),
    );

    app.delete(
      '/files/:id',
      {
        preHandler: write,
        schema: { tags: ['files'], params: uuidParamsSchema, response: { 200: successOnlySchema } },
      },
      async (request) => {
        await service.remove(currentUser(request).id, request.params.id);
        return { success: true as const };
      },
    );
  };
}
