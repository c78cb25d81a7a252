import { and, asc, desc, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { merchOrderItems, merchOrders, merchProducts, paymentIntents, users } from '../../db/schema/index';

export type ProductRow = typeof merchProducts.$inferSelect;
export type OrderRow = typeof merchOrders.$inferSelect;
export type OrderItemRow = typeof merchOrderItems.$inferSelect;
export type NewOrder = typeof merchOrders.$inferInsert;
export type NewOrderItem = Omit<typeof merchOrderItems.$inferInsert, 'orderId' | 'id'>;
export type ProductPatch = Partial<
  Pick<
    ProductRow,
    'name' | 'description' | 'priceCents' | 'category' | 'colors' | 'sizes' | 'featured' | 'stock' | 'sku'
  >
>;

const attachGuestOrdersQuery = (db: Db) => {
  const mine = alias(merchOrders, 'mine');
  const userId = sql.placeholder('userId');
  return (
    db
      .update(merchOrders)
      // Drizzle's types leave placeholders out of set(), but it encodes them like values.
      .set({ userId: userId as unknown as string })
      .where(
        and(
          isNull(merchOrders.userId),
          eq(merchOrders.email, sql.placeholder('email')),
          eq(merchOrders.status, 'paid'),
          notExists(
            db
              .select({ one: sql`1` })
              .from(mine)
              .where(and(eq(mine.userId, userId), eq(mine.idempotencyKey, merchOrders.idempotencyKey))),
          ),
        ),
      )
      .returning({ id: merchOrders.id })
      .prepare('merch_attach_guest_orders')
  );
};

/** SQL of the store: products, orders and their items. */
export class MerchRepository {
  private attachGuests?: ReturnType<typeof attachGuestOrdersQuery>;

  constructor(private readonly db: Db) {}

  listProducts(
    filter: { category?: ProductRow['category']; featured?: boolean } = {},
  ): Promise<ProductRow[]> {
    const where = and(
      filter.category ? eq(merchProducts.category, filter.category) : undefined,
      filter.featured === undefined ? undefined : eq(merchProducts.featured, filter.featured),
    );
    return this.db
      .select()
      .from(merchProducts)
      .where(where)
      .orderBy(asc(merchProducts.sortOrder), asc(merchProducts.id));
  }

  async findProduct(id: string): Promise<ProductRow | undefined> {
    const rows = await this.db.select().from(merchProducts).where(eq(merchProducts.id, id)).limit(1);
    return rows[0];
  }

  /** Locks the products an order takes units of, in id order so two checkouts cannot deadlock. */
  lockProducts(ids: string[]): Promise<ProductRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(merchProducts)
      .where(inArray(merchProducts.id, ids))
      .orderBy(asc(merchProducts.id))
      .for('update');
  }

  async updateProduct(id: string, patch: ProductPatch, at: Date): Promise<ProductRow | undefined> {
    const rows = await this.db
      .update(merchProducts)
      .set({ ...patch, updatedAt: at })
      .where(eq(merchProducts.id, id))
      .returning();
    return rows[0];
  }

  /** Takes `quantity` units; false (nothing changed) when fewer are left. */
  async takeStock(productId: string, quantity: number): Promise<boolean> {
    const rows = await this.db
      .update(merchProducts)
      .set({ stock: sql`${merchProducts.stock} - ${quantity}` })
      .where(and(eq(merchProducts.id, productId), sql`${merchProducts.stock} >= ${quantity}`))
      .returning({ id: merchProducts.id });
    return rows.length === 1;
  }

  async returnStock(productId: string, quantity: number): Promise<void> {
    await this.db
      .update(merchProducts)
      .set({ stock: sql`${merchProducts.stock} + ${quantity}` })
      .where(eq(merchProducts.id, productId));
  }

  async insertOrder(order: NewOrder, items: NewOrderItem[]): Promise<OrderRow> {
    const [row] = await this.db.insert(merchOrders).values(order).returning();
    if (!row) throw new Error('order was not stored');
    await this.db.insert(merchOrderItems).values(items.map((i) => ({ ...i, orderId: row.id })));
    return row;
  }

  /** A buyer's order under this key: a user's by user id, a guest's by e-mail. */
  async findOrderByKey(buyer: { userId: string | null; email: string }, key: string) {
    const owner = buyer.userId
      ? eq(merchOrders.userId, buyer.userId)
      : and(isNull(merchOrders.userId), eq(merchOrders.email, buyer.email));
    const rows = await this.db
      .select()
      .from(merchOrders)
      .where(and(owner, eq(merchOrders.idempotencyKey, key)))
      .limit(1);
    return rows[0] as OrderRow | undefined;
  }

  async findOrderByNumber(orderNumber: string, opts: { lock?: boolean } = {}) {
    const q = this.db.select().from(merchOrders).where(eq(merchOrders.orderNumber, orderNumber)).limit(1);
    const rows = opts.lock ? await q.for('update') : await q;
    return rows[0] as OrderRow | undefined;
  }

  /**
   * Gives a verified account the paid guest orders placed with its e-mail. A guest key the account
   * already used (vanishingly unlikely: keys are random) stays a guest order rather than clash.
   * Every sign-in runs it, so it is prepared once (most find nothing to attach).
   */
  async attachGuestOrders(userId: string, email: string): Promise<number> {
    this.attachGuests ??= attachGuestOrdersQuery(this.db);
    const rows = await this.attachGuests.execute({ userId, email: email.toLowerCase() });
    return rows.length;
  }

  async findOrder(id: string, opts: { lock?: boolean } = {}): Promise<OrderRow | undefined> {
    const q = this.db.select().from(merchOrders).where(eq(merchOrders.id, id)).limit(1);
    const rows = opts.lock ? await q.for('update') : await q;
    return rows[0];
  }

  /** Sets the payment intent of an order that has none yet (a replay finds the one already set). */
  async attachIntent(orderId: string, intentId: string): Promise<void> {
    await this.db
      .update(merchOrders)
      .set({ paymentIntentId: intentId })
      .where(and(eq(merchOrders.id, orderId), isNull(merchOrders.paymentIntentId)));
  }

  async setStatus(
    id: string,
    patch: Pick<OrderRow, 'status'> & Partial<Pick<OrderRow, 'paidAt' | 'cancelledAt'>>,
  ) {
    const rows = await this.db.update(merchOrders).set(patch).where(eq(merchOrders.id, id)).returning();
    return rows[0];
  }

  itemsOf(orderIds: string[]): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(merchOrderItems)
      .where(inArray(merchOrderItems.orderId, orderIds))
      .orderBy(asc(merchOrderItems.id));
  }

  /** The card a paid order was charged to, from its payment. */
  async cardsOf(intentIds: string[]): Promise<Map<string, { brand: string; last4: string }>> {
    if (intentIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: paymentIntents.id, brand: paymentIntents.cardBrand, last4: paymentIntents.cardLast4 })
      .from(paymentIntents)
      .where(inArray(paymentIntents.id, intentIds));
    return new Map(
      rows.flatMap((r) => (r.brand && r.last4 ? [[r.id, { brand: r.brand, last4: r.last4 }] as const] : [])),
    );
  }

  listPaidOrders(userId: string, limit: number): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(merchOrders)
      .where(and(eq(merchOrders.userId, userId), eq(merchOrders.status, 'paid')))
      .orderBy(desc(merchOrders.createdAt), desc(merchOrders.id))
      .limit(limit);
  }

  listAllOrders(filter: { status?: OrderRow['status']; limit: number }) {
    return this.db
      .select({ order: merchOrders, firstName: users.firstName, lastName: users.lastName })
      .from(merchOrders)
      .leftJoin(users, eq(users.id, merchOrders.userId))
      .where(filter.status ? eq(merchOrders.status, filter.status) : undefined)
      .orderBy(desc(merchOrders.createdAt), desc(merchOrders.id))
      .limit(filter.limit);
  }

  /**
   * Pending orders placed before `before` whose payment has not succeeded: abandoned checkouts,
   * locked so their units can go back to stock once.
   */
  lockAbandoned(before: Date, limit = 50): Promise<OrderRow[]> {
    return this.db
      .select({ order: merchOrders })
      .from(merchOrders)
      .where(and(eq(merchOrders.status, 'pending'), lt(merchOrders.createdAt, before)))
      .orderBy(asc(merchOrders.createdAt))
      .limit(limit)
      .for('update', { of: merchOrders, skipLocked: true })
      .then((rows) => rows.map((r) => r.order));
  }
}
