import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.schema';
import { multiLineText, singleLineText } from '../common/text.schema';
import { AI_CALLABLE_PROVIDERS } from './callable-providers';

/** AI workbench (issue 17 "AI pages"): a prompt playground over the router, streamed, with its cost. */

const callableProviderSchema = z.enum(AI_CALLABLE_PROVIDERS);

export const workbenchProviderSchema = z.object({
  id: callableProviderSchema,
  name: z.string(),
  /** Callable for this user now: available, with a key (theirs or the platform's). */
  available: z.boolean(),
  /** Why not, when not. */
  reason: z.string().nullable(),
  /** The models this user's plan allows on this provider. */
  models: z.array(z.string()),
  defaultModel: z.string().nullable(),
});
export type WorkbenchProvider = z.infer<typeof workbenchProviderSchema>;

export const workbenchOptionsSchema = z.object({
  planId: z.string(),
  providers: z.array(workbenchProviderSchema),
  /** null = the plan allows every model. */
  allowedModels: z.array(z.string()).nullable(),
});
export type WorkbenchOptions = z.infer<typeof workbenchOptionsSchema>;
export const workbenchOptionsReplySchema = dataEnvelope(workbenchOptionsSchema);

export const WORKBENCH_MAX_TOKENS = 4000;

export const workbenchRunBodySchema = z.strictObject({
  provider: callableProviderSchema.optional(),
  model: singleLineText({ trim: true }).min(1).max(200).optional(),
  system: multiLineText({ trim: true }).max(8000).optional(),
  prompt: multiLineText({ trim: true }).min(1).max(20000),
  temperature: z.number().min(0).max(2).default(0.7),
  maxTokens: z.number().int().min(1).max(WORKBENCH_MAX_TOKENS).default(512),
});
export type WorkbenchRunBody = z.input<typeof workbenchRunBodySchema>;

/** The `done` event of a run: what answered, and the call's measured figures. */
export const workbenchResultSchema = z.object({
  provider: callableProviderSchema,
  model: z.string(),
  text: z.string(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  totalTokens: z.number().int(),
  /** Dollars, as the usage log records it. */
  cost: z.number(),
  /** From the request's arrival to the first piece of text. */
  firstTokenMs: z.number().int(),
  /** From the request's arrival to the end of the reply. */
  latencyMs: z.number().int(),
  /** Providers that failed before this one answered. */
  failed: z.array(z.object({ provider: callableProviderSchema, model: z.string(), error: z.string() })),
});
export type WorkbenchResult = z.infer<typeof workbenchResultSchema>;

/** Server-sent events of POST /api/ai/workbench/stream. */
export const workbenchStartEventSchema = z.object({ provider: callableProviderSchema, model: z.string() });
export const workbenchTokenEventSchema = z.object({ text: z.string() });
