import { z } from 'zod';

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Cents per month. */
  price: z.number().int(),
  /** Null means unlimited. */
  storageBytes: z.number().nullable(),
  /** Null means unlimited. */
  aiQueriesPerMonth: z.number().int().nullable(),
  features: z.array(z.string()),
  popular: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

export const plansReplySchema = z.object({ success: z.literal(true), plans: z.array(planSchema) });
export type PlansReply = z.infer<typeof plansReplySchema>;

/** Names from the specification's other plan lists, accepted wherever a `plan` query is read (DECISIONS.md 2). */
export const PLAN_ALIASES: Record<string, string> = {
  free: 'free',
  basic: 'basic',
  pro: 'pro',
  enterprise: 'enterprise',
  starter: 'basic',
  personal: 'basic',
  professional: 'pro',
  expert: 'pro',
  business: 'enterprise',
};

/** Resolves a plan name or alias to a catalogue id; unknown or missing -> free. */
export function resolvePlanId(name: string | null | undefined): string {
  if (!name) return 'free';
  return PLAN_ALIASES[name.trim().toLowerCase()] ?? 'free';
}
