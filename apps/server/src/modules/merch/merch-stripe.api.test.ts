import { randomUUID } from 'node:crypto';
import { MERCH_MESSAGES } from '@stratos/contracts/merch/products.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn, stripeEnv } from '../../../test/stripe-standin';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users.fixture';
import { merchOrders } from '../../db/schema/index';
import { merchClient, stockOf } from './merch.test-helpers';

/** Two caps and a mug: 2 x 22.99 + 16.99 = 62.97, + 5.99 shipping + 8% tax on the goods (5.04) = 74.00. */
const CART = [
  { productId: 'cap', color: 'Black', size: 'One Size', quantity: 2 },
  { productId: 'mug', color: 'White', size: 'One Size', quantity: 1 },
];
const TOTAL_CENTS = 7400;

describe('store checkout with the Stripe adapter (against a local Stripe stand-in)', () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  let c: ReturnType<typeof merchClient>;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp(stripeEnv(stripe));
    c = merchClient(t.app);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const atStripe = (id: string) => {
    const pi = stripe.intents.get(id);
    if (!pi) throw new Error(`the stand-in has no intent ${id}`);
    return pi;
  };

  it("a signed-in buyer's order is charged at Stripe for the server's total, and paid only once Stripe says so", async () => {
    const u = await createTestUser(t.app);
    const before = await stockOf(t.app, 'cap');
    // The prices a client sends in its lines are ignored.
    const placed = await c.checkout(
      u.headers,
      CART.map((l) => ({ ...l, price: 0.01 })),
      randomUUID(),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const { order, payment } = placed.json().data;
    const pi = atStripe(payment.id);
    expect(pi.amount).toBe(TOTAL_CENTS);
    expect(pi.currency).toBe('usd');
    expect(pi.metadata).toMatchObject({ purpose: 'merch' });
    expect(await stockOf(t.app, 'cap')).toBe(before - 2);

    // Not paid yet at Stripe: the order stays pending.
    const early = await c.confirm(u.headers, order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(MERCH_MESSAGES.notPaid);

    // What Stripe.js does in the browser, then the app confirms against Stripe's record.
    stripe.confirmWithPaymentMethod(payment.id, 'pm_card_mastercard');
    const paid = await c.confirm(u.headers, order.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ success: true, orderNumber: order.orderNumber, total: 74 });
    expect(paid.json().order.card).toEqual({ brand: 'mastercard', last4: '4444' });
    const [row] = await t.app.ctx.database.db.select().from(merchOrders).where(eq(merchOrders.id, order.id));
    expect(row?.status).toBe('paid');
  });

  it('a declined card at Stripe leaves the order unpaid', async () => {
    const u = await createTestUser(t.app);
    const { order, payment } = (await c.checkout(u.headers, CART, randomUUID())).json().data;
    expect(stripe.confirmWithPaymentMethod(payment.id, 'pm_card_chargeDeclined').status).not.toBe(
      'succeeded',
    );
    const res = await c.confirm(u.headers, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MERCH_MESSAGES.notPaid);
  });

  it("a guest's order is charged at Stripe with no account, and confirmed with the order link's token", async () => {
    const email = `guest-${randomUUID()}@example.com`;
    const placed = await c.guestCheckout(CART, email, { ip: '203.0.113.77', key: randomUUID() });
    expect(placed.statusCode, placed.body).toBe(200);
    const { order, payment, orderToken } = placed.json().data;
    const pi = atStripe(payment.id);
    expect(pi.amount).toBe(TOTAL_CENTS);
    expect(pi.metadata).toMatchObject({ purpose: 'merch', user_id: 'guest' });
    // The sandbox's own card step is not there with Stripe.
    expect((await c.guestPay(payment.id, payment.clientSecret)).statusCode).toBe(404);

    expect((await c.guestConfirm(order.orderNumber, orderToken)).statusCode).toBe(409);
    stripe.confirmWithPaymentMethod(payment.id, 'pm_card_visa');
    expect((await c.guestConfirm(order.orderNumber)).statusCode).toBe(401);
    const paid = await c.guestConfirm(order.orderNumber, orderToken);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ success: true, orderNumber: order.orderNumber, total: 74 });
    const shown = await c.guestOrder(order.orderNumber, orderToken);
    expect(shown.statusCode).toBe(200);
    expect(JSON.stringify(shown.json())).toContain('paid');
  });
});
