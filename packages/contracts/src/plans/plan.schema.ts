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
export const PLAN_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  free: 'free',
  basic: 'basic',
  pro: 'pro',
  enterprise: 'enterprise',
  starter: 'basic',
  personal: 'basic',
  professional: 'pro',
  expert: 'pro',
  business: 'enterprise',
});

/**
 * The catalogue id a plan name or alias stands for, or undefined. An own-property look-up, so a
 * name such as `constructor` or `__proto__` is just unknown, never a value from Object.prototype.
 */
export function planAlias(name: string): string | undefined {
  const key = name.trim().toLowerCase();
  return Object.hasOwn(PLAN_ALIASES, key) ? PLAN_ALIASES[key] : undefined;
}

/** Resolves a plan name or alias to a catalogue id; unknown or missing -> free. */
export function resolvePlanId(name: string | null | undefined): string {
  if (!name) return 'free';
  return planAlias(name) ?? 'free';
}
