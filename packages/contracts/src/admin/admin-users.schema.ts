import { z } from 'zod';
import { permissionSchema, roleSchema } from '../access/roles';
import { publicUserSchema, userStatusSchema } from '../auth/user.schema';
import { singleLineText } from '../common/text.schema';

export const adminUsersQuerySchema = z.object({
  search: singleLineText({ trim: true }).max(200).optional(),
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

/**
 * Any string: an id that is not a UUID cannot name a user, so it is a 404 like any other unknown
 * id rather than a validation error.
 */
export const adminUserParamsSchema = z.object({ id: singleLineText().min(1).max(100) });

/**
 * Refusals of PATCH /admin/users/:id. Their own codes, not the guard's INSUFFICIENT_PERMISSIONS,
 * because the client treats guard codes as "go back to login".
 */
export const ADMIN_ERRORS = {
  SELF_ROLE_CHANGE: 'You cannot change your own role',
  SELF_DISABLE: 'You cannot disable your own account',
  SUPERADMIN_REQUIRED_TO_GRANT: 'Only a superadmin can grant the admin or superadmin role',
  SUPERADMIN_REQUIRED_TO_CHANGE: 'Only a superadmin can change an admin or superadmin account',
  USER_NOT_FOUND: 'User not found',
} as const;
export type AdminErrorCode = keyof typeof ADMIN_ERRORS;

export const adminUserReplySchema = z.object({ success: z.literal(true), data: publicUserSchema });
export type AdminUserReply = z.infer<typeof adminUserReplySchema>;

export const outboxMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  /** The mail carried a one-time code, shown here as ••••••: only its recipient ever reads it. */
  redacted: z.boolean(),
  /** Set when an SMTP server accepted it; null while it sits in the outbox only. */
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxQuerySchema = z.object({
  /** A recipient address; matched exactly, ignoring case. */
  to: singleLineText({ trim: true }).max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const outboxReplySchema = z.object({
  success: z.literal(true),
  data: z.object({ mails: z.array(outboxMailSchema), total: z.number().int() }),
});
export type OutboxQuery = z.input<typeof outboxQuerySchema>;
export type OutboxReply = z.infer<typeof outboxReplySchema>;
