import { z } from 'zod';
import { limitQuery } from '../common/envelope.schema';

export const recycleItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['file', 'folder']),
  name: z.string(),
  /** Bytes (a folder: the total of the files deleted with it). */
  size: z.number().int(),
  type: z.string().nullable(),
  deletedAt: z.string(),
  /** When the retention job will purge it. */
  purgeAt: z.string(),
  originalPath: z.string(),
});
export type RecycleItem = z.infer<typeof recycleItemSchema>;

export const recycleListReplySchema = z.object({
  success: z.literal(true),
  items: z.array(recycleItemSchema),
  /** Items in the bin (all pages). */
  total: z.number().int(),
  retentionDays: z.number().int(),
});
export type RecycleListReply = z.infer<typeof recycleListReplySchema>;

export const RECYCLE_LIST_DEFAULT_LIMIT = 100;
export const RECYCLE_LIST_MAX_LIMIT = 500;
/** GET /api/recycle-bin?limit=&offset=: newest deletions first. */
export const recycleListQuerySchema = z.object({
  limit: limitQuery(RECYCLE_LIST_DEFAULT_LIMIT, RECYCLE_LIST_MAX_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type RecycleListQuery = z.input<typeof recycleListQuerySchema>;

export const recycleActionBodySchema = z.strictObject({
  items: z
    .array(z.strictObject({ id: z.uuid(), kind: z.enum(['file', 'folder']) }))
    .min(1)
    .max(1000),
});
export type RecycleActionBody = z.infer<typeof recycleActionBodySchema>;

/** Restore, purge and empty: how many files and folders (with everything deleted along) it touched. */
export const recycleActionReplySchema = z.object({
  success: z.literal(true),
  files: z.number().int(),
  folders: z.number().int(),
});
export type RecycleActionReply = z.infer<typeof recycleActionReplySchema>;
