import { bigint, boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** The plan catalogue (DECISIONS.md section 2); seeded by migration, editable by the superadmin. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull(),
  /** Null = unlimited. */
  storageBytes: bigint('storage_bytes', { mode: 'number' }),
  /** Null = unlimited. */
  aiQueriesPerMonth: integer('ai_queries_per_month'),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  popular: boolean('popular').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});
