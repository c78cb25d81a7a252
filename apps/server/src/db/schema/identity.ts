import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { plans } from './plans';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; one mailbox is one account. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company'),
    role: text('role', { enum: ['user', 'admin', 'superadmin'] })
      .notNull()
      .default('user'),
    /** Permissions granted on top of the role's own. */
    grantedPermissions: jsonb('granted_permissions').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['unconfirmed', 'active', 'disabled'] })
      .notNull()
      .default('unconfirmed'),
    subscriptionPlan: text('subscription_plan')
      .notNull()
      .default('free')
      .references(() => plans.id),
    selectedPlan: text('selected_plan').notNull().default('free'),
    source: text('source').notNull().default('direct'),
    /**
     * Bumped by a trigger (migration 0013) whenever role, permissions, status, password or e-mail
     * change: an access token carries the version it was signed with and stops working on its next
     * request once they differ (plugins/auth-guard.ts).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_created_idx').on(t.createdAt)],
);

/** Emailed one-time codes, stored hashed (sign-up confirmation and password reset). */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['signup', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.purpose)],
);

/** Opaque refresh tokens, stored hashed; a family is one login's chain of rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** Mail kept when no SMTP server is configured (DECISIONS.md section 4), and a record of sent mail. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body'),
    kind: text('kind').notNull(),
    /** The mail carried a one-time secret (a code) that was replaced by a mark before storing. */
    redacted: boolean('redacted').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender's stable key for one mail (a workflow run's step): a second send with it is dropped. */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.createdAt), uniqueIndex('outbox_dedupe_uq').on(t.dedupeKey)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operation: text('operation').notNull(),
    source: text('source', { enum: ['server', 'client'] }).notNull(),
    userId: uuid('user_id'),
    actorEmail: text('actor_email'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_created_idx').on(t.createdAt), index('audit_user_idx').on(t.userId, t.createdAt)],
);

export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    plan: text('plan'),
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_created_idx').on(t.createdAt)],
);

/** Platform-wide settings (maxUploadSize, ...), editable by the superadmin. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters of the rate limits (sign-in attempts, chat, share, contact) when the app
 * runs on PostgreSQL, so every process counts against the same windows. One row per key; a row
 * whose window has ended starts over on its next hit, and the rate-limits.sweep job deletes old ones.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_windows_ends_idx').on(t.endsAt)],
);
