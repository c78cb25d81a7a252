import { z } from 'zod';
import { limitQuerySchema } from '../common/envelope.schema';
import { singleLineText } from '../common/text.schema';

export const createShareBodySchema = z.strictObject({
  /** Hours until the link stops working; absent = no expiry. */
  expiresInHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .optional(),
  password: singleLineText().min(4, 'Password must be at least 4 characters').max(128).optional(),
});
export type CreateShareBody = z.infer<typeof createShareBodySchema>;

export const shareLinkSchema = z.object({
  id: z.uuid(),
  fileId: z.uuid(),
  fileName: z.string(),
  /** Only returned when the link is created: the token is stored hashed. */
  url: z.string().optional(),
  hasPassword: z.boolean(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  downloadCount: z.number().int(),
  createdAt: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareReplySchema = z.object({ success: z.literal(true), share: shareLinkSchema });
export const shareListReplySchema = z.object({ success: z.literal(true), shares: z.array(shareLinkSchema) });

/** What the public share page shows before downloading. */
export const publicShareReplySchema = z.object({
  success: z.literal(true),
  file: z.object({ name: z.string(), size: z.number().int(), type: z.string() }),
  requiresPassword: z.boolean(),
  expiresAt: z.string().nullable(),
});
export type PublicShareReply = z.infer<typeof publicShareReplySchema>;

/** The password, when the link has one (no body at all is fine for a link without one). */
export const publicShareDownloadBodySchema = z
  .strictObject({ password: singleLineText().max(128).optional() })
  .nullish();

/** GET /api/shares and /api/files/{id}/shares: newest first. */
export const shareListQuerySchema = limitQuerySchema(100, 500);
/** The token of a public share link (path), and the short-lived ticket of its download (query). */
export const shareTokenParamsSchema = z.object({ token: singleLineText().min(1).max(100) });
export const shareTicketQuerySchema = z.object({ t: singleLineText().min(1).max(100) });
export const publicShareDownloadReplySchema = z.object({
  success: z.literal(true),
  /** Relative URL of the bytes, good for a few minutes: /api/public/shares/{token}/file?t=... */
  url: z.string(),
});

export const SHARE_ERRORS = {
  NOT_FOUND: 'This share link is invalid or has expired',
  INCORRECT_PASSWORD: 'Incorrect password',
} as const;
