import { z } from 'zod';
import { limitQuerySchema } from '../common/envelope.schema';
import { singleLineText } from '../common/text.schema';

/**
 * Payments (part 1 sections 3, 4, 7; DECISIONS.md section 3). Spec-named replies keep their
 * fields at the top level. Money is in cents everywhere; amounts always come from the catalogue.
 */

export const PAYMENT_MESSAGES = {
  createFailed: 'Failed to create payment intent',
  confirmFailed: 'Failed to confirm payment',
  loadPlansFailed: 'Failed to load payment plans',
  stripeMissing: 'Stripe is not configured. Please contact support.',
  stripeUnavailable: 'Payment processing is not available. Stripe configuration is missing.',
  stripeNotLoaded: 'Stripe not loaded',
  noToken: 'No authentication token found',
  configError: 'Configuration error. Please try again.',
  notSucceeded: 'Payment has not succeeded',
  intentNotFound: 'Payment not found',
  planMismatch: 'This payment was made for a different plan',
  amountMismatch: 'The amount paid does not match the price',
  freePlan: 'The Free plan needs no payment',
  unknownPlan: 'Unknown plan',
  noSubscription: 'You have no active subscription',
  alreadySubscribed: 'You already have this plan',
  idempotencyConflict: 'This Idempotency-Key was already used for a different request',
  sandboxOnly: 'Test card payments are only available with the sandbox provider',
  webhookSignature: 'Webhook signature verification failed',
} as const;

/** Stripe's own decline messages, which the sandbox reproduces for its test cards. */
export const CARD_MESSAGES = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  incorrect_number: 'Your card number is incorrect.',
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
} as const;
export type CardErrorCode = keyof typeof CARD_MESSAGES;

export const paymentProviderSchema = z.enum(['sandbox', 'stripe']);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

/** Stripe's PaymentIntent statuses that we use. */
export const intentStatusSchema = z.enum([
  'requires_payment_method',
  'requires_confirmation',
  'processing',
  'succeeded',
  'canceled',
]);
export type IntentStatus = z.infer<typeof intentStatusSchema>;

/** GET /api/payments/config: what the client needs to take a card. */
export const paymentConfigReplySchema = z.object({
  success: z.literal(true),
  provider: paymentProviderSchema,
  /** Stripe publishable key; null for the sandbox (or when Stripe is expected but missing). */
  publishableKey: z.string().nullable(),
  /** True for the sandbox and for Stripe test keys: the client shows a "test mode" banner. */
  testMode: z.boolean(),
  /** False when the configured provider cannot take payments (e.g. Stripe selected without keys). */
  available: z.boolean(),
  currency: z.string(),
});
export type PaymentConfigReply = z.infer<typeof paymentConfigReplySchema>;

/** The optional `Idempotency-Key` header every money-moving call honours (the web app always sends one). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': singleLineText().min(8).max(200).optional(),
});

export const createPaymentIntentBodySchema = z.strictObject({
  /** A plan id or alias (DECISIONS.md 2), lower case in the spec's client. */
  plan_id: singleLineText().min(1).max(40),
  user_email: singleLineText().max(320).optional(),
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBodySchema>;

export const createPaymentIntentReplySchema = z.object({
  success: z.literal(true),
  client_secret: z.string(),
  /** Cents, from the catalogue. */
  amount: z.number().int(),
  currency: z.string(),
  payment_intent_id: z.string(),
  provider: paymentProviderSchema,
});
export type CreatePaymentIntentReply = z.infer<typeof createPaymentIntentReplySchema>;

export const sandboxCardSchema = z.strictObject({
  number: singleLineText()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, CARD_MESSAGES.incorrect_number)),
  exp_month: z.coerce.number().int().min(1).max(12),
  exp_year: z.coerce.number().int().min(0).max(9999),
  cvc: singleLineText().regex(/^\d{3,4}$/, CARD_MESSAGES.incorrect_cvc),
});
export type SandboxCard = z.input<typeof sandboxCardSchema>;

/** POST /api/payments/sandbox/confirm: the card step Stripe.js performs against Stripe. */
export const sandboxConfirmBodySchema = z.strictObject({
  payment_intent_id: singleLineText().min(1).max(100),
  /** The client secret proves the caller holds this intent (as with Stripe.js). */
  client_secret: singleLineText().min(1).max(200).optional(),
  card: sandboxCardSchema,
});
export type SandboxConfirmBody = z.input<typeof sandboxConfirmBodySchema>;

export const sandboxConfirmReplySchema = z.object({
  success: z.literal(true),
  payment_intent_id: z.string(),
  status: intentStatusSchema,
});
export type SandboxConfirmReply = z.infer<typeof sandboxConfirmReplySchema>;

export const subscriptionStatusSchema = z.enum(['active', 'past_due', 'canceled']);

export const subscriptionSchema = z.object({
  id: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  status: subscriptionStatusSchema,
  /** Cents per month. */
  amount: z.number().int(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  cancel_at_period_end: z.boolean(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const creditAccountSchema = z.object({
  /** Credits ($1 = 1 credit); 999999999 for the superadmin. */
  balance: z.number(),
  lastUpdated: z.string().nullable(),
  totalPurchased: z.number(),
  totalUsed: z.number(),
  unlimited: z.boolean(),
  role: z.string(),
});
export type CreditAccount = z.infer<typeof creditAccountSchema>;

/** POST /api/payments/confirm-payment: with plan_id for a subscription, without it for credits. */
export const confirmPaymentBodySchema = z.strictObject({
  payment_intent_id: singleLineText().min(1).max(100),
  plan_id: singleLineText().min(1).max(40).optional(),
});
export type ConfirmPaymentBody = z.infer<typeof confirmPaymentBodySchema>;

export const confirmPaymentReplySchema = z.object({
  success: z.literal(true),
  subscription: subscriptionSchema.nullable(),
  /** Set when the intent bought credits. */
  credits: creditAccountSchema.nullable(),
  /** False when this intent had already been granted (the call changed nothing). */
  granted: z.boolean(),
});
export type ConfirmPaymentReply = z.infer<typeof confirmPaymentReplySchema>;

export const subscriptionStatusReplySchema = z.object({
  has_active_subscription: z.boolean(),
  billing: z.object({
    /** Plan id (free when there is no paid subscription). */
    current_plan: z.string(),
    next_billing_date: z.string().nullable(),
    /** Cents paid in total. */
    total_spent: z.number().int(),
  }),
  subscription: subscriptionSchema.nullable(),
});
export type SubscriptionStatusReply = z.infer<typeof subscriptionStatusReplySchema>;

/** POST /api/payments/cancel-subscription and /resume-subscription. */
export const subscriptionReplySchema = z.object({
  success: z.literal(true),
  subscription: subscriptionSchema,
});
export type SubscriptionReply = z.infer<typeof subscriptionReplySchema>;

export const paymentRecordSchema = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  status: intentStatusSchema,
  purpose: z.enum(['subscription', 'renewal', 'credits', 'merch']),
  plan_id: z.string().nullable(),
  package_id: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** GET /api/payments/history?limit=50: the caller's payments, newest first. */
export const paymentHistoryQuerySchema = limitQuerySchema(50, 200);
export const paymentHistoryReplySchema = z.object({
  success: z.literal(true),
  payments: z.array(paymentRecordSchema),
});
export type PaymentHistoryReply = z.infer<typeof paymentHistoryReplySchema>;

/** GET /api/payments/receipts/{id}: one succeeded payment as a receipt. */
export const receiptSchema = paymentRecordSchema.extend({
  receipt_number: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  provider: paymentProviderSchema,
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptReplySchema = z.object({ success: z.literal(true), receipt: receiptSchema });
export const paymentIdParamsSchema = z.object({ id: singleLineText().min(1).max(100) });

/** POST /api/payments/webhook (the provider calls it; the body is the provider's signed event). */
export const webhookReplySchema = z.object({
  received: z.literal(true),
  /** True when this event had been handled before (a redelivery): nothing changed. */
  duplicate: z.boolean(),
});
export type WebhookReply = z.infer<typeof webhookReplySchema>;
