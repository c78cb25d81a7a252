import { z } from 'zod';

export const healthReplySchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['ok', 'error']), driver: z.enum(['pglite', 'postgres']) }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthReply = z.infer<typeof healthReplySchema>;

/** One dependency's state in the readiness reply; `message` says what failed. */
export const readinessCheckSchema = z.object({
  status: z.enum(['ok', 'error']),
  message: z.string().optional(),
});

/** GET /api/health/ready: 200 when every check passes, 503 naming the ones that failed. */
export const readinessReplySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: readinessCheckSchema,
    storage: readinessCheckSchema.extend({ driver: z.enum(['local', 's3']) }),
    migrations: readinessCheckSchema.extend({ pending: z.number().int().optional() }),
  }),
});
export type ReadinessReply = z.infer<typeof readinessReplySchema>;
