import { z } from 'zod';
import { permissionSchema, roleSchema } from '../access/roles';
import { publicUserSchema, userStatusSchema } from '../auth/user.schema';

export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUsersReplySchema = z.object({
  success: z.literal(true),
  data: z.object({ users: z.array(publicUserSchema), total: z.number().int() }),
});
export type AdminUsersReply = z.infer<typeof adminUsersReplySchema>;

/** Admins may change role, permissions and disable/enable; only a superadmin may grant admin or superadmin. */
export const adminUserPatchSchema = z
  .object({
    role: roleSchema,
    disabled: z.boolean(),
    permissions: z.array(permissionSchema).max(20),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

export const adminUserReplySchema = z.object({ success: z.literal(true), data: publicUserSchema });
export type AdminUserReply = z.infer<typeof adminUserReplySchema>;

export const outboxMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const outboxReplySchema = z.object({
  success: z.literal(true),
  data: z.object({ mails: z.array(outboxMailSchema), total: z.number().int() }),
});
export type OutboxReply = z.infer<typeof outboxReplySchema>;
