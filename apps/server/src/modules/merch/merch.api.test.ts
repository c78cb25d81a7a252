import { CARD_MESSAGES } from '@stratos/contracts/billing/payments.schema';
import { MERCH_MESSAGES } from '@stratos/contracts/merch/products.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { merchOrders, merchProducts, paymentIntents } from '../../db/schema/index';
import { CARDS } from '../billing/payments/payments.test-helpers';
import { type Line, merchClient, stockOf } from './merch.test-helpers';
import { ABANDONED_AFTER_MS } from './merch-checkout.service';

const SPEC_PRICES: Record<string, number> = {
  'logo-t-shirt': 24.99,
  hoodie: 49.99,
  mug: 16.99,
  'sticker-pack': 9.99,
  cap: 22.99,
  'laptop-sleeve': 34.99,
  'gaming-mousepad': 19.99,
  'water-bottle': 27.99,
};

describe('merch store API', () => {
  let t: TestApp;
  let c: ReturnType<typeof merchClient>;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let superadmin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    c = merchClient(t.app);
    buyer = await createTestUser(t.app);
    other = await createTestUser(t.app);
    admin = await createTestUser(t.app, { role: 'admin' });
    superadmin = await createTestUser(t.app, { role: 'superadmin' });
  });
  afterAll(() => t.close());
  const db = () => t.app.ctx.database.db;

  describe('catalogue', () => {
    it('serves the eight products of the spec from the database, with a picture per colour', async () => {
      const res = await c.products();
      expect(res.statusCode).toBe(200);
      const products = res.json().data as Array<Record<string, unknown> & { images: Record<string, string> }>;
      expect(Object.fromEntries(products.map((p) => [p.id, p.price]))).toEqual(SPEC_PRICES);
      const tee = products.find((p) => p.id === 'logo-t-shirt');
      expect(tee).toMatchObject({
        category: 'apparel',
        colors: ['Black', 'White', 'Navy'],
        sku: 'STR-TEE-001',
      });
      expect(tee?.images).toEqual({
        Black: '/merch/logo-t-shirt-black.svg',
        White: '/merch/logo-t-shirt-white.svg',
        Navy: '/merch/logo-t-shirt-navy.svg',
      });
      // A change to the row is what the next request serves: the catalogue is data, not constants.
      await db()
        .update(merchProducts)
        .set({ name: 'Logo Tee (2026)' })
        .where(eq(merchProducts.id, 'logo-t-shirt'));
      expect((await c.product('logo-t-shirt')).json().data.name).toBe('Logo Tee (2026)');
      await db()
        .update(merchProducts)
        .set({ name: 'Logo T-Shirt' })
        .where(eq(merchProducts.id, 'logo-t-shirt'));
    });

    it('filters by category and serves the featured ones', async () => {
      const tech = (await c.products('?category=tech')).json().data.map((p: { id: string }) => p.id);
      expect(tech.sort()).toEqual(['gaming-mousepad', 'laptop-sleeve']);
      const featured = (await c.featured()).json().data as Array<{ featured: boolean }>;
      expect(featured.length).toBeGreaterThan(0);
      expect(featured.every((p) => p.featured)).toBe(true);
      expect((await c.products('?category=toys')).statusCode).toBe(400);
      expect((await c.product('no-such-thing')).statusCode).toBe(404);
    });
  });

  describe('superadmin edits', () => {
    it('lets the superadmin change price, stock and text; refuses everyone else', async () => {
      const edit = { priceCents: 1899, stock: 33, description: 'Now in recycled ceramic.' };
      expect((await c.update({}, 'mug', edit)).statusCode).toBe(401);
      expect((await c.update(buyer.headers, 'mug', edit)).statusCode).toBe(403);
      expect((await c.update(admin.headers, 'mug', edit)).statusCode).toBe(403);
      const res = await c.update(superadmin.headers, 'mug', edit);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ price: 18.99, priceCents: 1899, stock: 33 });
      const [row] = await db().select().from(merchProducts).where(eq(merchProducts.id, 'mug'));
      expect(row).toMatchObject({ priceCents: 1899, stock: 33, description: 'Now in recycled ceramic.' });
      expect((await c.update(superadmin.headers, 'mug', { priceCents: -5 })).statusCode).toBe(400);
      expect((await c.update(superadmin.headers, 'mug', {})).statusCode).toBe(400);
      expect((await c.update(superadmin.headers, 'nope', { stock: 1 })).statusCode).toBe(404);
      expect((await c.update(superadmin.headers, 'mug', { sku: 'STR-TEE-001' })).statusCode).toBe(409);
      await c.update(superadmin.headers, 'mug', { priceCents: 1699, stock: 150 });
    });
  });

  describe('checkout', () => {
    it('prices the order on the server and ignores the prices a client sends', async () => {
      const u = await createTestUser(t.app);
      const items: Line[] = [
        // The spec's cart items carry a price; a client that lowers it changes nothing.
        { productId: 'logo-t-shirt', color: 'Navy', size: 'L', quantity: 1, price: 0.01, name: 'x' },
        { productId: 'hoodie', color: 'Grey', size: 'M', quantity: 1, price: 0.01 },
        { productId: 'logo-t-shirt', color: 'Navy', size: 'L', quantity: 1, price: 0.01 },
      ];
      // Totals of its own are refused outright.
      const withTotals = await c.checkout(u.headers, items, 'key-pricing-0', { total: 1, subtotal: 1 });
      expect(withTotals.statusCode).toBe(400);
      const res = await c.checkout(u.headers, items, 'key-pricing-1');
      expect(res.statusCode).toBe(200);
      const { order, payment } = res.json().data;
      // 2 x 24.99 + 49.99 = 99.97; shipping 5.99; tax 8% = 8.00; total 113.96
      expect(order).toMatchObject({
        status: 'pending',
        subtotal: 9997,
        shipping: 599,
        tax: 800,
        total: 11396,
      });
      // The same product, colour and size is one line with the quantities added up.
      expect(order.items.map((i: Line) => [i.productId, i.color, i.size, i.quantity])).toEqual([
        ['hoodie', 'Grey', 'M', 1],
        ['logo-t-shirt', 'Navy', 'L', 2],
      ]);
      expect(payment.amount).toBe(11396);
      const [intent] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, payment.id));
      expect(intent).toMatchObject({ amountCents: 11396, purpose: 'merch', userId: u.user.id });
      const days = (Date.parse(order.estimatedDelivery) - Date.parse(order.createdAt)) / 86_400_000;
      expect(days).toBe(7);
    });

    it('refuses signed-out buyers, unknown products and options, and empty carts', async () => {
      const tee = { productId: 'logo-t-shirt', color: 'Black', size: 'M', quantity: 1 };
      expect((await c.checkout({}, [tee])).statusCode).toBe(401);
      expect((await c.checkout(buyer.headers, [])).statusCode).toBe(400);
      expect((await c.checkout(buyer.headers, [{ ...tee, quantity: 0 }])).statusCode).toBe(400);
      const unknown = await c.checkout(buyer.headers, [{ ...tee, productId: 'ghost' }]);
      expect(unknown.statusCode).toBe(404);
      const colour = await c.checkout(buyer.headers, [{ ...tee, color: 'Purple' }]);
      expect(colour.statusCode).toBe(400);
      expect(colour.json().error.message).toContain(MERCH_MESSAGES.unknownOption);
      const rows = await db().select().from(merchOrders).where(eq(merchOrders.userId, buyer.user.id));
      expect(rows).toHaveLength(0);
    });

    it('is idempotent: the same key twice makes one order and one charge', async () => {
      const u = await createTestUser(t.app);
      const before = await stockOf(t.app, 'cap');
      const items = [{ productId: 'cap', color: 'Navy', size: 'One Size', quantity: 2 }];
      const first = (await c.checkout(u.headers, items, 'same-key-123')).json().data;
      const second = (await c.checkout(u.headers, items, 'same-key-123')).json().data;
      expect(second.order.id).toBe(first.order.id);
      expect(second.payment.id).toBe(first.payment.id);
      expect(await stockOf(t.app, 'cap')).toBe(before - 2);
      // Another cart under the same key is a conflict, not a silent replay.
      const clash = await c.checkout(u.headers, [{ ...items[0], quantity: 3 }] as Line[], 'same-key-123');
      expect(clash.statusCode).toBe(409);

      expect((await c.pay(u.headers, first.payment.id)).statusCode).toBe(200);
      const a = await c.confirm(u.headers, first.order.id);
      const b = await c.confirm(u.headers, first.order.id);
      expect(a.statusCode).toBe(200);
      expect(a.json()).toMatchObject({ success: true, orderNumber: first.order.orderNumber, total: 55.65 });
      expect(b.json().orderNumber).toBe(a.json().orderNumber);
      expect(a.json().order.card).toEqual({ brand: 'visa', last4: '4242' });

      const intents = await db()
        .select()
        .from(paymentIntents)
        .where(and(eq(paymentIntents.userId, u.user.id), eq(paymentIntents.purpose, 'merch')));
      expect(intents).toHaveLength(1);
      expect(intents[0]?.status).toBe('succeeded');
      const mine = (await c.mine(u.headers)).json().data;
      expect(mine).toHaveLength(1);
      expect(await stockOf(t.app, 'cap')).toBe(before - 2);
      // confirm-payment of billing does not grant a store payment a second time.
      const grant = await t.app.inject({
        method: 'POST',
        url: '/api/payments/confirm-payment',
        headers: u.headers,
        payload: { payment_intent_id: first.payment.id },
      });
      expect(grant.statusCode).toBe(404);
    });

    it('takes units from stock and answers 409 with nothing written when they run out', async () => {
      await c.update(superadmin.headers, 'laptop-sleeve', { stock: 1 });
      const u = await createTestUser(t.app);
      const two = [{ productId: 'laptop-sleeve', color: 'Black', size: '13 inch', quantity: 2 }];
      const refused = await c.checkout(u.headers, two, 'stock-key-1');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'OUT_OF_STOCK' });
      expect(refused.json().error.message).toContain('Laptop Sleeve has 1 left');
      expect(await stockOf(t.app, 'laptop-sleeve')).toBe(1);
      expect(await db().select().from(merchOrders).where(eq(merchOrders.userId, u.user.id))).toHaveLength(0);
      expect(
        await db().select().from(paymentIntents).where(eq(paymentIntents.userId, u.user.id)),
      ).toHaveLength(0);

      const one = [{ ...two[0], quantity: 1 }] as Line[];
      const ok = await c.checkout(u.headers, one, 'stock-key-2');
      expect(ok.statusCode).toBe(200);
      expect(await stockOf(t.app, 'laptop-sleeve')).toBe(0);
      expect((await c.product('laptop-sleeve')).json().data.inStock).toBe(false);
      const late = await c.checkout(other.headers, one, 'stock-key-3');
      expect(late.statusCode).toBe(409);
      await c.update(superadmin.headers, 'laptop-sleeve', { stock: 40 });
    });

    it('a declined card makes no order; an abandoned checkout gives its units back', async () => {
      const u = await createTestUser(t.app);
      const before = await stockOf(t.app, 'water-bottle');
      const items = [{ productId: 'water-bottle', color: 'Blue', size: 'One Size', quantity: 1 }];
      const { order, payment } = (await c.checkout(u.headers, items, 'declined-key-1')).json().data;
      const declined = await c.pay(u.headers, payment.id, CARDS.declined);
      expect(declined.statusCode).toBe(402);
      expect(declined.json().error.message).toBe(CARD_MESSAGES.card_declined);
      const confirm = await c.confirm(u.headers, order.id);
      expect(confirm.statusCode).toBe(409);
      expect(confirm.json().error.message).toBe(MERCH_MESSAGES.notPaid);
      expect((await c.mine(u.headers)).json().data).toEqual([]);
      const [row] = await db().select().from(merchOrders).where(eq(merchOrders.id, order.id));
      expect(row?.status).toBe('pending');

      // Placed longer ago than a checkout may stay unpaid (moving the clock would expire the tokens).
      await db()
        .update(merchOrders)
        .set({ createdAt: new Date(Date.now() - ABANDONED_AFTER_MS - 1000) })
        .where(eq(merchOrders.id, order.id));
      // The next checkout (anyone's) releases abandoned ones first.
      const next = await c.checkout(other.headers, [{ ...items[0], color: 'Silver' }], 'declined-key-2');
      expect(next.statusCode).toBe(200);
      const [after] = await db().select().from(merchOrders).where(eq(merchOrders.id, order.id));
      expect(after?.status).toBe('cancelled');
      expect(await stockOf(t.app, 'water-bottle')).toBe(before - 1);
      // Paying a cancelled order is refused even with a good card afterwards.
      await c.pay(u.headers, payment.id);
      expect((await c.confirm(u.headers, order.id)).statusCode).toBe(409);
    });

    it('an order paid at the provider but never confirmed is paid, never cancelled, by the sweep', async () => {
      const u = await createTestUser(t.app);
      const items = [{ productId: 'mug', color: 'White', size: 'One Size', quantity: 2 }];
      const before = await stockOf(t.app, 'mug');
      const { order, payment } = (await c.checkout(u.headers, items, 'paid-away-1')).json().data;
      // The card went through (as Stripe takes it), and the buyer's page closed before confirming.
      expect((await c.pay(u.headers, payment.id)).statusCode).toBe(200);
      await db()
        .update(merchOrders)
        .set({ createdAt: new Date(Date.now() - ABANDONED_AFTER_MS - 1000) })
        .where(eq(merchOrders.id, order.id));
      const next = await c.checkout(other.headers, [{ ...items[0], quantity: 1 }], 'paid-away-2');
      expect(next.statusCode).toBe(200);
      const [after] = await db().select().from(merchOrders).where(eq(merchOrders.id, order.id));
      expect(after?.status).toBe('paid');
      expect(await stockOf(t.app, 'mug')).toBe(before - 3);
      expect((await c.mine(u.headers)).json().data.map((o: { id: string }) => o.id)).toEqual([order.id]);
    });
  });

  describe('orders', () => {
    it('are visible to their buyer and to admins only', async () => {
      const items = [{ productId: 'sticker-pack', color: 'Multicolor', size: 'One Size', quantity: 3 }];
      const { order, payment } = (await c.checkout(buyer.headers, items, 'visible-key-1')).json().data;
      await c.pay(buyer.headers, payment.id);
      expect((await c.confirm(other.headers, order.id)).statusCode).toBe(404);
      expect((await c.confirm(buyer.headers, order.id)).statusCode).toBe(200);

      const mine = (await c.mine(buyer.headers)).json().data;
      expect(mine.map((o: { id: string }) => o.id)).toEqual([order.id]);
      expect(mine[0]).toMatchObject({ status: 'paid', subtotal: 2997, tax: 240, total: 3836 });
      expect((await c.mine(other.headers)).json().data.map((o: { id: string }) => o.id)).not.toContain(
        order.id,
      );
      expect((await c.mine({})).statusCode).toBe(401);

      expect((await c.all(buyer.headers)).statusCode).toBe(403);
      const all = await c.all(admin.headers, '?status=paid');
      expect(all.statusCode).toBe(200);
      const seen = all.json().data.find((o: { id: string }) => o.id === order.id);
      expect(seen).toMatchObject({ userId: buyer.user.id, buyerName: 'Test User', total: 3836 });
      expect(all.json().data.every((o: { status: string }) => o.status === 'paid')).toBe(true);
      expect((await c.all(superadmin.headers)).statusCode).toBe(200);
    });
  });
});
