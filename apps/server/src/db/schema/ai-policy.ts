import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { plans } from './plans';

/**
 * The models each plan may use (AI management). No row, or a null list, means every model; the
 * plan's monthly allowance stays plans.ai_queries_per_month, which the router already enforces.
 */
export const aiPlanPolicies = pgTable('ai_plan_policies', {
  planId: text('plan_id')
    .primaryKey()
    .references(() => plans.id, { onDelete: 'cascade' }),
  allowedModels: jsonb('allowed_models').$type<string[] | null>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Platform-wide routing settings, one row ('default'): the provider order the router uses as its
 * fallback chain. No row means the chain of part 2 section 9.
 */
export const aiRoutingSettings = pgTable('ai_routing_settings', {
  id: text('id').primaryKey(),
  providerOrder: jsonb('provider_order').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
