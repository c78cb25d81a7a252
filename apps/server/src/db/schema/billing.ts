import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { plans } from './plans';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Payment intents as the server knows them: the sandbox's own intents, or a mirror of Stripe's
 * (the id is the provider's). `granted_at` is set once, in the transaction that grants what was
 * paid for, so a second confirm or a replayed webhook grants nothing.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    /** Null only for a guest's store payment (purpose merch). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    purpose: text('purpose', { enum: ['subscription', 'renewal', 'credits', 'merch'] }).notNull(),
    planId: text('plan_id').references(() => plans.id),
    packageId: text('package_id'),
    /** Cents, from the catalogue. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', {
      enum: ['requires_payment_method', 'requires_confirmation', 'processing', 'succeeded', 'canceled'],
    }).notNull(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** The provider's customer and saved payment method, kept for renewals. */
    providerCustomerId: text('provider_customer_id'),
    providerPaymentMethodId: text('provider_payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    lastError: text('last_error'),
    grantedAt: ts('granted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_intents_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payment_intents_idem_uq')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);

/** One subscription per user; absent (or canceled) means the Free plan. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status', { enum: ['active', 'past_due', 'canceled'] }).notNull(),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerPaymentMethodId: text('provider_payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Cents charged each period. */
    amountCents: integer('amount_cents').notNull(),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    pastDueSince: ts('past_due_since'),
    /** Failed renewal attempts in the current past-due spell. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    canceledAt: ts('canceled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_uq').on(t.userId),
    index('subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
  ],
);

/**
 * The append-only money and credit ledger: every payment, grant, deduction and metering charge is
 * one row, never updated or deleted. A user's credit balance always equals the sum of
 * `credits_micros`. One grant per payment intent and kind, one row per idempotency key.
 */
export const billingLedger = pgTable(
  'billing_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'payment',
        'subscription_start',
        'subscription_renewal',
        'subscription_past_due',
        'subscription_end',
        'credit_purchase',
        'credit_deduction',
        'credit_metering',
        'credit_adjustment',
      ],
    }).notNull(),
    /** Money that moved, in cents (payments). */
    amountCents: integer('amount_cents').notNull().default(0),
    /** Signed change to the credit balance, in millionths of a credit. */
    creditsMicros: bigint('credits_micros', { mode: 'number' }).notNull().default(0),
    balanceAfterMicros: bigint('balance_after_micros', { mode: 'number' }),
    paymentIntentId: text('payment_intent_id'),
    planId: text('plan_id'),
    packageId: text('package_id'),
    idempotencyKey: text('idempotency_key'),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('billing_ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('billing_ledger_intent_kind_uq')
      .on(t.paymentIntentId, t.kind)
      .where(sql`${t.paymentIntentId} IS NOT NULL`),
    uniqueIndex('billing_ledger_idem_uq')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);

/**
 * The running credit balance (a cache of the ledger's sum, updated in the same statement) and the
 * part of it held for AI calls in flight (the sum of the account's `credit_holds`). Spends take
 * only what is not held (`balance - held`). The balance goes below zero only when an AI call
 * that already answered cost more than was held for it: a debt, shown as a negative balance and
 * paid by the next purchase, so the ledger's sum still equals the balance.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balanceMicros: bigint('balance_micros', { mode: 'number' }).notNull().default(0),
    heldMicros: bigint('held_micros', { mode: 'number' }).notNull().default(0),
    totalPurchasedMicros: bigint('total_purchased_micros', { mode: 'number' }).notNull().default(0),
    totalUsedMicros: bigint('total_used_micros', { mode: 'number' }).notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('credit_accounts_held_nonneg', sql`${t.heldMicros} >= 0`)],
);

/**
 * Credits held for one AI call in flight: its most it can cost (prompt estimate + its output cap
 * at the model's price), taken from what the balance has free before the provider is called, and
 * settled to the real cost once it answered (or given back when it failed). `instanceId` is the
 * process making the call: if it dies, the sweep of dead processes settles the hold from the
 * call's usage row when it answered, and gives it back otherwise.
 */
export const creditHolds = pgTable(
  'credit_holds',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instanceId: uuid('instance_id').notNull(),
    micros: bigint('micros', { mode: 'number' }).notNull(),
    /** The settlement's ledger idempotency key (`ai:<callId>`): charged once, whoever settles. */
    settleKey: text('settle_key').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('credit_holds_user_idx').on(t.userId, t.createdAt),
    index('credit_holds_instance_idx').on(t.instanceId),
    check('credit_holds_positive', sql`${t.micros} > 0`),
  ],
);

/** Provider webhook events already handled (Stripe retries deliveries). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

/** Cost and usage alerts; one active row per (user, type); the latest 100 per user are kept. */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: ['storage_usage', 'credit_balance', 'credit_duration', 'projected_shortfall'],
    }).notNull(),
    severity: text('severity', { enum: ['warning', 'critical'] }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    actions: jsonb('actions').$type<unknown[]>().notNull().default([]),
    dismissible: boolean('dismissible').notNull().default(true),
    dismissedUntil: ts('dismissed_until'),
    resolvedAt: ts('resolved_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('alerts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('alerts_active_uq').on(t.userId, t.type).where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/** When each user's alerts were last evaluated. */
export const alertChecks = pgTable('alert_checks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  checkedAt: ts('checked_at').notNull(),
});

/** In-app notifications (the /notifications page and header bell). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['alert', 'billing', 'system'] }).notNull(),
    severity: text('severity', { enum: ['info', 'warning', 'critical'] }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/** Onboarding answers (part 1 section 3). */
export const onboardingProfiles = pgTable('onboarding_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  primaryUseCase: text('primary_use_case'),
  storageProviders: jsonb('storage_providers').$type<string[]>().notNull().default([]),
  teamSize: text('team_size'),
  aiExperience: text('ai_experience'),
  goals: jsonb('goals').$type<string[]>().notNull().default([]),
  completedAt: ts('completed_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Days already metered per prepaid user (the ledger row carries the charge; this is the cursor). */
export const meteringDays = pgTable(
  'metering_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull(),
    transferBytes: bigint('transfer_bytes', { mode: 'number' }).notNull(),
    costMicros: bigint('cost_micros', { mode: 'number' }).notNull(),
    chargedMicros: bigint('charged_micros', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('metering_days_uq').on(t.userId, t.day)],
);
