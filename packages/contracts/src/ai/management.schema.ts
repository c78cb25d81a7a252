import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.schema';
import { singleLineText } from '../common/text.schema';
import { AI_CALLABLE_PROVIDERS } from './callable-providers';

/** AI management (issue 17 "AI pages"): per plan, which models and how many queries a month; provider order. */

const callableProviderSchema = z.enum(AI_CALLABLE_PROVIDERS);

/** The fallback chain of part 2 section 9, then the providers it does not name (catalogue order). */
export const DEFAULT_PROVIDER_ORDER = ['openai', 'anthropic', 'ollama', 'huggingface', 'google'] as const;

export const AI_POLICY_MESSAGES = {
  modelNotAllowed: (model: string, plan: string) => `The model ${model} is not available on the ${plan} plan`,
  noModelAllowed: (plan: string) => `No AI model is available on the ${plan} plan`,
  planNotFound: 'Plan not found',
  orderNotPermutation: 'The provider order must name every provider exactly once',
} as const;

export const AI_POLICY_AUDIT = {
  planPolicy: 'ai.plan_policy_change',
  providerOrder: 'ai.provider_order_change',
} as const;

export const aiModelOptionSchema = z.object({
  provider: callableProviderSchema,
  model: z.string(),
});
export type AiModelOption = z.infer<typeof aiModelOptionSchema>;

export const aiPlanPolicySchema = z.object({
  planId: z.string(),
  name: z.string(),
  /** Queries a month (plans.ai_queries_per_month); null = unlimited. */
  aiQueriesPerMonth: z.number().int().nullable(),
  /** Models the plan may use; null = every model. */
  allowedModels: z.array(z.string()).nullable(),
  /** Successful queries this calendar month (UTC) by the plan's users, from the usage log. */
  queriesThisMonth: z.number().int(),
  updatedAt: z.iso.datetime().nullable(),
});
export type AiPlanPolicy = z.infer<typeof aiPlanPolicySchema>;

export const aiManagementSchema = z.object({
  plans: z.array(aiPlanPolicySchema),
  providerOrder: z.array(callableProviderSchema),
  defaultProviderOrder: z.array(callableProviderSchema),
  /** Every model a plan can be allowed: each provider's known and reported models. */
  models: z.array(aiModelOptionSchema),
});
export type AiManagement = z.infer<typeof aiManagementSchema>;
export const aiManagementReplySchema = dataEnvelope(aiManagementSchema);
export type AiManagementReply = z.infer<typeof aiManagementReplySchema>;

export const aiPlanParamsSchema = z.object({ planId: singleLineText().min(1).max(50) });

const modelNameSchema = singleLineText({ trim: true }).min(1).max(200);

/** A change of one plan's AI policy; a field left out stays as it is. */
export const aiPlanPolicyBodySchema = z
  .strictObject({
    allowedModels: z
      .array(modelNameSchema)
      .max(200)
      .refine((a) => new Set(a).size === a.length, { message: 'A model is listed twice' })
      .nullable()
      .optional(),
    aiQueriesPerMonth: z.number().int().min(0).max(100_000_000).nullable().optional(),
  })
  .refine((b) => b.allowedModels !== undefined || b.aiQueriesPerMonth !== undefined, {
    message: 'Nothing to change',
  });
export type AiPlanPolicyBody = z.infer<typeof aiPlanPolicyBodySchema>;
export const aiPlanPolicyReplySchema = dataEnvelope(z.object({ plan: aiPlanPolicySchema }));

export const aiProviderOrderBodySchema = z.strictObject({
  order: z
    .array(callableProviderSchema)
    .refine((o) => o.length === AI_CALLABLE_PROVIDERS.length && new Set(o).size === o.length, {
      message: AI_POLICY_MESSAGES.orderNotPermutation,
    }),
});
export type AiProviderOrderBody = z.infer<typeof aiProviderOrderBodySchema>;
export const aiProviderOrderReplySchema = dataEnvelope(
  z.object({ providerOrder: z.array(callableProviderSchema) }),
);
