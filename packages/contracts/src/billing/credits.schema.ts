import { z } from 'zod';
import { limitQuerySchema } from '../common/envelope.schema';
import { freeFormObject } from '../common/free-form.schema';
import { multiLineText, singleLineText } from '../common/text.schema';
import { creditAccountSchema } from './payments.schema';

export { type CreditAccount, creditAccountSchema } from './payments.schema';

/** The five fixed packages of part 1 section 3 ($1 = 1 credit). */
export const CREDIT_PACKAGES = [
  {
    id: 'starter',
    name: 'Starter',
    price: 5,
    credits: 5,
    storageGB: 20,
    popular: false,
    description: 'Try pay-as-you-go storage',
  },
  {
    id: 'basic',
    name: 'Basic',
    price: 10,
    credits: 10,
    storageGB: 50,
    popular: false,
    description: 'For personal files and photos',
  },
  {
    id: 'standard',
    name: 'Standard',
    price: 20,
    credits: 20,
    storageGB: 100,
    popular: true,
    description: 'For growing libraries and light AI use',
  },
  {
    id: 'premium',
    name: 'Premium',
    price: 50,
    credits: 50,
    storageGB: 285,
    popular: false,
    description: 'For professionals with large projects',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 100,
    credits: 100,
    storageGB: 650,
    popular: false,
    description: 'For teams and heavy AI analysis',
  },
] as const;
export type CreditPackage = (typeof CREDIT_PACKAGES)[number];
export type CreditPackageId = CreditPackage['id'];
/** The package with this id; any other string (`constructor`, `__proto__`, ...) is simply none. */
export const findCreditPackage = (id: string): CreditPackage | undefined =>
  CREDIT_PACKAGES.find((p) => p.id === id);

/** What the superadmin's balance is reported as (part 1 section 6). */
export const UNLIMITED_BALANCE = 999999999;
/** Credits are kept as integer millionths so fractional daily charges add up exactly. */
export const MICROS_PER_CREDIT = 1_000_000;

export { STORAGE_DOLLARS_PER_GB_MONTH, TRANSFER_DOLLARS_PER_GB } from './prices';

export const CREDIT_MESSAGES = {
  insufficient: 'Insufficient credits',
  invalidPackage: 'Invalid package ID',
  fetchFailed: 'Failed to fetch credits',
  deductFailed: 'Credit deduction failed',
  purchaseFailed: 'Credit purchase failed',
  historyFailed: 'Failed to fetch usage history',
  planFetchFailed: 'User plan fetch failed',
  noToken: 'No authentication token available',
  neverExpire: 'Credits never expire',
} as const;

export const userIdParamsSchema = z.object({ userId: z.uuid() });

/**
 * GET /api/billing/credits/{userId}. `balance` is the ledger's sum (below zero only for a debt: an
 * AI call that cost more than was held for it); `reserved` is held for AI calls in flight, and
 * `available` (balance - reserved) is what new spending can use.
 */
export const creditAccountReplySchema = creditAccountSchema.extend({
  success: z.literal(true),
  reserved: z.number(),
  available: z.number(),
});
export type CreditAccountReply = z.infer<typeof creditAccountReplySchema>;

/** POST /api/billing/credits/purchase; amount and credits from the client are ignored (catalogue wins). */
export const purchaseCreditsBodySchema = z.strictObject({
  userId: z.uuid(),
  packageId: singleLineText().min(1).max(40),
  amount: z.number().optional(),
  credits: z.number().optional(),
  description: multiLineText().max(500).optional(),
});
export type PurchaseCreditsBody = z.infer<typeof purchaseCreditsBodySchema>;

export const purchaseCreditsReplySchema = z.object({
  success: z.literal(true),
  paymentIntent: z.object({
    id: z.string(),
    /** Cents. */
    amount: z.number().int(),
    currency: z.string(),
    status: z.string(),
    packageId: z.string(),
    credits: z.number(),
  }),
  clientSecret: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
});
export type PurchaseCreditsReply = z.infer<typeof purchaseCreditsReplySchema>;

/** POST /api/billing/credits/deduct; idempotent with the Idempotency-Key header (or metadata.idempotencyKey). */
export const deductCreditsBodySchema = z.strictObject({
  userId: z.uuid(),
  /** Credits, > 0, at most six decimals. */
  amount: z
    .number()
    .positive()
    .max(1_000_000)
    .refine((n) => Math.abs(n * MICROS_PER_CREDIT - Math.round(n * MICROS_PER_CREDIT)) < 1e-6, {
      message: 'amount has more than six decimals',
    }),
  description: multiLineText().min(1).max(500),
  /** Free-form (the specification's client sends `{ timestamp }`), bounded like every free object. */
  metadata: freeFormObject().optional(),
});
export type DeductCreditsBody = z.infer<typeof deductCreditsBodySchema>;

export const deductCreditsReplySchema = z.object({
  success: z.literal(true),
  newBalance: z.number(),
  transactionId: z.string(),
});
export type DeductCreditsReply = z.infer<typeof deductCreditsReplySchema>;

export const creditTransactionSchema = z.object({
  id: z.string(),
  /** 'reservation': credits held for an AI call still in flight (balanceAfter null; settled into a deduction). */
  type: z.enum(['purchase', 'deduction', 'metering', 'adjustment', 'reservation']),
  /** Signed credits: positive adds to the balance. */
  amount: z.number(),
  balanceAfter: z.number().nullable(),
  description: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

export const creditHistoryQuerySchema = limitQuerySchema(50, 500);
export const creditHistoryReplySchema = z.object({
  success: z.literal(true),
  transactions: z.array(creditTransactionSchema),
});
export type CreditHistoryReply = z.infer<typeof creditHistoryReplySchema>;

/** GET /api/users/{userId}/plan: default tier prepaid, name Prepaid Credits (part 1 section 7). */
export const userPlanReplySchema = z.object({
  success: z.literal(true),
  plan: z.object({
    tier: z.string(),
    name: z.string(),
    /** Cents per month (0 for prepaid and free). */
    price: z.number().int(),
    storageBytes: z.number().nullable(),
    aiQueriesPerMonth: z.number().int().nullable(),
    billing: z.enum(['subscription', 'prepaid', 'free', 'unlimited']),
    status: z.enum(['active', 'past_due', 'canceled']).nullable(),
  }),
});
export type UserPlanReply = z.infer<typeof userPlanReplySchema>;

/** GET /api/billing/usage?days=30: daily usage and what it cost, for the /billing charts. */
export const billingUsageQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});
export const billingUsageDaySchema = z.object({
  date: z.string(),
  storageBytes: z.number(),
  transferBytes: z.number(),
  /** Dollars the day's storage costs at $0.20 per GB-month / 30. */
  storageCost: z.number(),
  /** Dollars the day's transfer costs at $0.10 per GB. */
  transferCost: z.number(),
  /** Credits actually charged that day (prepaid accounts; 0 otherwise). */
  creditsCharged: z.number(),
});
export const billingUsageReplySchema = z.object({
  success: z.literal(true),
  days: z.array(billingUsageDaySchema),
  /** Projected cost per day at today's usage, in dollars. */
  dailyCost: z.number(),
  billing: z.enum(['subscription', 'prepaid', 'free', 'unlimited']),
});
export type BillingUsageReply = z.infer<typeof billingUsageReplySchema>;
