import { z } from 'zod';
import { freeFormObject } from '../common/free-form.schema';
import { singleLineText } from '../common/text.schema';

/** Client audit call of part 1 section 7. */
export const clientAuditBodySchema = z.strictObject({
  operation: singleLineText({ trim: true }).min(1).max(100),
  timestamp: singleLineText().max(40).optional(),
  details: freeFormObject().optional(),
  client: z
    .strictObject({
      userAgent: singleLineText().max(500).optional(),
      language: singleLineText().max(40).optional(),
      platform: singleLineText().max(100).optional(),
    })
    .optional(),
});
export type ClientAuditBody = z.infer<typeof clientAuditBodySchema>;

export const auditEventSchema = z.object({
  id: z.number().int(),
  operation: z.string(),
  source: z.enum(['server', 'client']),
  userId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditQuerySchema = z.object({
  operation: singleLineText({ trim: true }).max(100).optional(),
  userId: z.uuid().optional(),
  search: singleLineText({ trim: true }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditReplySchema = z.object({
  success: z.literal(true),
  data: z.object({ events: z.array(auditEventSchema), total: z.number().int() }),
});
export type AuditReply = z.infer<typeof auditReplySchema>;

/** Operations the server records on its own. */
export const AUDIT_OPERATIONS = {
  signUp: 'auth.sign_up',
  confirm: 'auth.confirm',
  loginSuccess: 'auth.login_success',
  loginFailure: 'auth.login_failure',
  refreshReuse: 'auth.refresh_reuse',
  logout: 'auth.logout',
  passwordReset: 'auth.password_reset',
  passwordChange: 'auth.password_change',
  roleChange: 'admin.role_change',
  userDisabled: 'admin.user_disabled',
  userEnabled: 'admin.user_enabled',
  permissionsChange: 'admin.permissions_change',
  /** The superadmin's read-only SQL over the AI tables: every call, run or refused. */
  aiDatabaseQuery: 'ai.database_query',
} as const;
