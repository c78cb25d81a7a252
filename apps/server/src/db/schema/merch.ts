import { sql } from 'drizzle-orm';
import {
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
import { paymentIntents } from './billing';
import { users } from './identity';

export interface StoredShippingAddress {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  postalCode: string;
  country: string;
}

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The merchandise catalogue (part 2 section 3): seeded by migration, edited by the superadmin. */
export const merchProducts = pgTable(
  'merch_products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    category: text('category', { enum: ['apparel', 'accessories', 'tech'] }).notNull(),
    colors: jsonb('colors').$type<string[]>().notNull(),
    sizes: jsonb('sizes').$type<string[]>().notNull(),
    featured: boolean('featured').notNull().default(false),
    /** Units on hand; a paid or pending order has already taken its units. */
    stock: integer('stock').notNull().default(0),
    sku: text('sku').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merch_products_sku_uq').on(t.sku),
    check('merch_products_stock_nonneg', sql`${t.stock} >= 0`),
    check('merch_products_price_positive', sql`${t.priceCents} > 0`),
  ],
);

/**
 * An order. Checkout writes it `pending` with its items and takes their units from stock in one
 * transaction; paying it makes it `paid`; a pending order whose payment never succeeds is
 * `cancelled` after a while and its units go back.
 */
export const merchOrders = pgTable(
  'merch_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull(),
    /** Null for a guest checkout (the e-mail is the buyer); set when a verified account claims it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** Null only on orders placed before addresses were taken. */
    shippingAddress: jsonb('shipping_address').$type<StoredShippingAddress>(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    paymentIntentId: text('payment_intent_id').references(() => paymentIntents.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What was asked for, to tell a replayed key from a different order under the same key. */
    requestHash: text('request_hash').notNull(),
    estimatedDelivery: ts('estimated_delivery').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    uniqueIndex('merch_orders_number_uq').on(t.orderNumber),
    uniqueIndex('merch_orders_idem_uq').on(t.userId, t.idempotencyKey),
    // Guests have no user id: their keys are scoped by e-mail.
    uniqueIndex('merch_orders_guest_idem_uq').on(t.email, t.idempotencyKey).where(sql`${t.userId} IS NULL`),
    index('merch_orders_guest_email_idx').on(t.email).where(sql`${t.userId} IS NULL`),
    uniqueIndex('merch_orders_intent_uq').on(t.paymentIntentId),
    index('merch_orders_user_idx').on(t.userId, t.createdAt),
    index('merch_orders_status_idx').on(t.status, t.createdAt),
  ],
);

export const merchOrderItems = pgTable(
  'merch_order_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => merchOrders.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => merchProducts.id),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    color: text('color').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [
    index('merch_order_items_order_idx').on(t.orderId),
    check('merch_order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
