import { z } from 'zod';

/** The error body every failing call returns (DECISIONS.md section 1). */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{ success: true, data }` for calls whose reply shape the specification does not name. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const successOnlySchema = z.object({ success: z.literal(true) });

export const uuidParamsSchema = z.object({ id: z.uuid() });

/** `limit` (capped) of a list endpoint's query; every list endpoint takes one. */
export const limitQuery = (defaultLimit = 50, maxLimit = 200) =>
  z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit);

export const paginationQuerySchema = z.object({
  limit: limitQuery(),
  offset: z.coerce.number().int().min(0).default(0),
});

/** `?limit=` alone, for lists that are short enough to need no paging beyond a cap. */
export const limitQuerySchema = (defaultLimit = 50, maxLimit = 200) =>
  z.object({ limit: limitQuery(defaultLimit, maxLimit) });
