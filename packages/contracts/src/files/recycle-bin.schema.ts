import { z } from 'zod';

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
  retentionDays: z.number().int(),
});
export type RecycleListReply = z.infer<typeof recycleListReplySchema>;

export const recycleActionBodySchema = z.object({
  items: z
    .array(z.object({ id: z.uuid(), kind: z.enum(['file', 'folder']) }))
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
