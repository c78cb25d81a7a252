import { z } from 'zod';

export const createShareBodySchema = z.object({
  /** Hours until the link stops working; absent = no expiry. */
  expiresInHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .optional(),
  password: z.string().min(4, 'Password must be at least 4 characters').max(128).optional(),
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
export const publicShareDownloadBodySchema = z.object({ password: z.string().max(128).optional() }).nullish();
export const publicShareDownloadReplySchema = z.object({
  success: z.literal(true),
  /** Relative URL of the bytes, good for a few minutes: /api/public/shares/{token}/file?t=... */
  url: z.string(),
});

export const SHARE_ERRORS = {
  NOT_FOUND: 'This share link is invalid or has expired',
  INCORRECT_PASSWORD: 'Incorrect password',
} as const;
