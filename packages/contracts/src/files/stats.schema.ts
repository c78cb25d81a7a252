import { z } from 'zod';
import { fileSchema } from './file.schema';

export const userStorageReplySchema = z.object({ totalSize: z.number(), fileCount: z.number().int() });

export const fileTypesSchema = z.record(z.string(), z.object({ count: z.number().int(), size: z.number() }));

export const analyticsReplySchema = z.object({
  totalFiles: z.number().int(),
  totalSize: z.number(),
  /** Keyed by category (image, video, audio, document, archive, code, other). */
  fileTypes: fileTypesSchema,
  /** Daily stored bytes and files over the last `days` days. */
  storageOverTime: z.array(
    z.object({ date: z.string(), totalSize: z.number(), fileCount: z.number().int() }),
  ),
});
export type AnalyticsReply = z.infer<typeof analyticsReplySchema>;

export const storageUsageReplySchema = z.object({ totalStorageGB: z.number() });
export const transfersQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const storageTransfersReplySchema = z.object({ totalTransferGB: z.number(), days: z.number().int() });

/** Everything the dashboard shows, in one round trip. */
export const dashboardReplySchema = z.object({
  success: z.literal(true),
  stats: z.object({
    totalFiles: z.number().int(),
    totalSize: z.number(),
    /** AI analyses actually run (0 until the AI issue lands). */
    totalAnalyses: z.number().int(),
    /** Bytes not stored twice because the same user holds the same content more than once (content
     *  another account also holds is never counted: that would tell). */
    dedupSavedBytes: z.number(),
    /** Cost saved by deduplication at $0.20 per GB-month, in dollars per month. */
    costSavingsPerMonth: z.number(),
    quotaBytes: z.number().nullable(),
    fileTypes: z.record(z.string(), z.object({ count: z.number().int(), size: z.number() })),
    lastUpdated: z.string(),
  }),
  recentFiles: z.array(fileSchema),
  transferLast30DaysBytes: z.number(),
});
export type DashboardReply = z.infer<typeof dashboardReplySchema>;
