import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { successOnlySchema, uuidParamsSchema } from '@stratos/contracts/common/envelope.schema';
import {
  createFolderBodySchema,
  folderReplySchema,
  folderTreeReplySchema,
  folderUpdateBodySchema,
} from '@stratos/contracts/files/file.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';
import { FoldersService } from './folders.service';

export function foldersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new FoldersService(ctx.database.db, ctx.clock);
  return async (app) => {
    const write = app.requireAccess(ROUTE_GROUPS.storageWrite);
    const read = app.requireAccess(ROUTE_GROUPS.storageRead);

    app.get(
      '/folders',
      {
        preHandler: read,
        schema: {
          tags: ['files'],
          description: 'Every live folder of the user, flat (parentId links them), for folder pickers',
          response: { 200: folderTreeReplySchema },
        },
      },
      async (request) => ({ success: true as const, ...(await service.tree(currentUser(request).id)) }),
    );

    app.post(
      '/folders',
      {
        preHandler: write,
        schema: { tags: ['files'], body: createFolderBodySchema, response: { 201: folderReplySchema } },
      },
      async (request, reply) => {
        const { name, parentId } = request.body;
        const folder = await service.create(currentUser(request).id, name, parentId ?? null);
        return reply.status(201).send({ success: true as const, folder });
      },
    );

    app.patch(
      '/folders/:id',
      {
        preHandler: write,
        schema: {
          tags: ['files'],
          params: uuidParamsSchema,
          body: folderUpdateBodySchema,
          response: { 200: folderReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        folder: await service.update(currentUser(request).id, request.params.id, request.body),
      }),
    );

    app.delete(
      '/folders/:id',
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
