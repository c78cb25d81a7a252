import { randomUUID } from 'node:crypto';
import { MERCH_MESSAGES } from '@stratos/contracts/merch/products.schema';
import { SHIPPING_MESSAGES } from '@stratos/contracts/merch/shipping.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users.fixture';
import { merchOrders, outbox, paymentIntents } from '../../db/schema/index';
import { REDACTION } from '../../mail/mailer';
import { Argon2PasswordHasher } from '../auth/password-hasher.service';
import { CARDS } from '../billing/payments/payments.test-helpers';
import { GUEST_CHECKOUTS_PER_HOUR } from './merch.routes';
import { ADDRESS, type Line, merchClient, stockOf } from './merch.test-helpers';
import { ABANDONED_AFTER_MS } from './merch-checkout.service';

const TWO_ITEMS: Line[] = [
  // The client's own prices (1 cent) must change nothing.
  { productId: 'logo-t-shirt', color: 'Navy', size: 'M', quantity: 1, price: 0.01 },
  { productId: 'mug', color: 'White', size: 'One Size', quantity: 2, price: 0.01 },
];
// 24.99 + 2 x 16.99 = 58.97; tax 8% = 4.72; shipping 5.99.
const TOTAL_CENTS = 5897 + 472 + 599;

let ipSeq = 0;
/** A fresh client address per call, so only the rate-limit test meets the limit. */
const freshIp = () => `203.0.113.${++ipSeq}`;
const email = () => `guest-${randomUUID().slice(0, 8)}@Example.test`;

describe('merch guest checkout API', () => {
  let t: TestApp;
  let c: ReturnType<typeof merchClient>;
  beforeAll(async () => {
    t = await createTestApp();
    c = merchClient(t.app);
  });
  afterAll(() => t.close());
  const db = () => t.app.ctx.database.db;

  /** A guest checkout paid with `number` and confirmed with its token. */
  async function buy(address: string, items = TWO_ITEMS, number: string = CARDS.visa) {
    const placed = await c.guestCheckout(items, address, { ip: freshIp(), key: randomUUID() });
    expect(placed.statusCode, placed.body).toBe(200);
    const data = placed.json().data;
    expect((await c.guestPay(data.payment.id, data.payment.clientSecret, number)).statusCode).toBe(200);
    const confirmed = await c.guestConfirm(data.order.orderNumber, data.orderToken);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { ...data, result: confirmed.json() };
  }

  it('a signed-out buyer pays with an e-mail: priced from the catalogue, stored without a user, mailed', async () => {
    const tee = await stockOf(t.app, 'logo-t-shirt');
    const mug = await stockOf(t.app, 'mug');
    const address = email();
    const { order, payment, orderToken, result } = await buy(address);
    expect(payment.amount).toBe(TOTAL_CENTS);
    expect(order.total).toBe(TOTAL_CENTS);
    expect(typeof orderToken).toBe('string');
    expect(result).toMatchObject({
      success: true,
      orderNumber: order.orderNumber,
      total: TOTAL_CENTS / 100,
      order: {
        status: 'paid',
        guest: true,
        email: address.toLowerCase(),
        shippingAddress: { ...ADDRESS, postalCode: 'SW1Y 4JH', line2: null },
      },
    });
    expect(result.orderLink).toBe(
      `/merch-store/orders/${order.orderNumber}?token=${encodeURIComponent(orderToken)}`,
    );
    const [row] = await db().select().from(merchOrders).where(eq(merchOrders.id, order.id));
    expect(row?.userId).toBeNull();
    expect(row?.email).toBe(address.toLowerCase());
    const [intent] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, payment.id));
    expect(intent).toMatchObject({ userId: null, purpose: 'merch', amountCents: TOTAL_CENTS });
    expect(await stockOf(t.app, 'logo-t-shirt')).toBe(tee - 1);
    expect(await stockOf(t.app, 'mug')).toBe(mug - 2);

    // One confirmation mail, with the order; the link's token is hidden in the outbox copy.
    const mails = await db().select().from(outbox).where(eq(outbox.to, address.toLowerCase()));
    expect(mails).toHaveLength(1);
    const mail = mails[0] as (typeof mails)[number];
    expect(mail.kind).toBe('merch_order');
    expect(mail.text).toContain(`Order number: ${order.orderNumber}`);
    const name = (id: string) => order.items.find((i: { productId: string }) => i.productId === id).name;
    expect(mail.text).toContain(`1 x ${name('logo-t-shirt')} (Navy, M)`);
    expect(mail.text).toContain(`2 x ${name('mug')} (White, One Size)`);
    expect(mail.text).toContain(`Total: $${(TOTAL_CENTS / 100).toFixed(2)}`);
    expect(mail.text).toContain('Estimated delivery:');
    expect(mail.text).toContain(`/merch-store/orders/${order.orderNumber}?token=${REDACTION}`);
    expect(mail.text).not.toContain(orderToken);

    // Admins see it with the address, marked as a guest's.
    const admin = await createTestUser(t.app, { role: 'admin' });
    const all = (await c.all(admin.headers, '?status=paid')).json().data as Array<Record<string, unknown>>;
    expect(all.find((o) => o.id === order.id)).toMatchObject({
      userId: null,
      guest: true,
      buyerName: 'Ada Lovelace (guest)',
      shippingAddress: { city: 'London', country: 'GB' },
    });

    // Confirming again changes nothing and mails nothing more.
    expect((await c.guestConfirm(order.orderNumber, orderToken)).json().success).toBe(true);
    expect(await db().select().from(outbox).where(eq(outbox.to, address.toLowerCase()))).toHaveLength(1);
  });

  it('refuses a bad or missing e-mail (400)', async () => {
    for (const bad of ['not-an-email', 'a@b', 'two words@example.test', '']) {
      const res = await c.guestCheckout(TWO_ITEMS, bad, { ip: freshIp() });
      expect(res.statusCode, bad).toBe(400);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/merch/guest/checkout',
      remoteAddress: freshIp(),
      payload: { items: TWO_ITEMS, shippingAddress: ADDRESS },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a missing or invalid shipping address, guest or signed in (400)', async () => {
    const cases: Array<[object | undefined, string | null]> = [
      [undefined, null],
      [{ ...ADDRESS, name: '  ' }, SHIPPING_MESSAGES.name],
      [{ ...ADDRESS, line1: '' }, SHIPPING_MESSAGES.line1],
      [{ ...ADDRESS, city: '' }, SHIPPING_MESSAGES.city],
      [{ ...ADDRESS, postalCode: '#1' }, SHIPPING_MESSAGES.postalCode],
      [{ ...ADDRESS, postalCode: '' }, SHIPPING_MESSAGES.postalCode],
      [{ ...ADDRESS, country: 'XX' }, SHIPPING_MESSAGES.country],
      [{ ...ADDRESS, country: undefined }, null],
      [{ ...ADDRESS, line2: 'x'.repeat(201) }, null],
      [{ ...ADDRESS, extra: 'field' }, null],
    ];
    const member = await createTestUser(t.app);
    for (const [shippingAddress, message] of cases) {
      const guest = await c.guestCheckout(TWO_ITEMS, email(), { ip: freshIp(), extra: { shippingAddress } });
      const signed = await c.checkout(member.headers, TWO_ITEMS, randomUUID(), { shippingAddress });
      for (const res of [guest, signed]) {
        expect(res.statusCode, JSON.stringify(shippingAddress)).toBe(400);
        if (message) expect(res.json().error.message).toContain(message);
      }
    }
    // Nothing was held for any of them.
    expect(await db().select().from(merchOrders).where(eq(merchOrders.userId, member.user.id))).toHaveLength(
      0,
    );
  });

  it('stores a signed-in order with its address and shows it under Billing', async () => {
    const member = await createTestUser(t.app);
    const placed = await c.checkout(member.headers, TWO_ITEMS, randomUUID(), {
      shippingAddress: { ...ADDRESS, line2: 'Flat 3', country: 'gb' },
    });
    expect(placed.statusCode).toBe(200);
    const { order, payment, orderToken } = placed.json().data;
    expect(orderToken).toBeNull();
    await c.pay(member.headers, payment.id);
    const result = (await c.confirm(member.headers, order.id)).json();
    expect(result.order.shippingAddress).toEqual({ ...ADDRESS, line2: 'Flat 3', country: 'GB' });
    expect(result.orderLink).toBeNull();
    const mine = (await c.mine(member.headers)).json().data;
    expect(mine[0].shippingAddress.line2).toBe('Flat 3');
  });

  it('reads a guest order only with its signed token: 401 without, 404 with a wrong one', async () => {
    const first = await buy(email());
    const second = await buy(email(), [{ productId: 'cap', color: 'Black', size: 'One Size', quantity: 1 }]);
    const number = first.order.orderNumber;

    const ok = await c.guestOrder(number, first.orderToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ orderNumber: number, status: 'paid', guest: true });
    expect(ok.json().data.shippingAddress.city).toBe('London');

    const none = await c.guestOrder(number);
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toBe(MERCH_MESSAGES.orderLinkRequired);
    for (const wrong of [second.orderToken, `${first.orderToken.slice(0, -1)}A`, 'x', 'a'.repeat(43)]) {
      if (wrong === first.orderToken) continue;
      const res = await c.guestOrder(number, wrong);
      expect(res.statusCode, wrong).toBe(404);
      expect(res.body).not.toContain(first.order.email);
    }
    expect((await c.guestOrder('STR-20260101-NOSUCH', first.orderToken)).statusCode).toBe(404);
    // Confirming needs the token too.
    expect((await c.guestConfirm(number)).statusCode).toBe(401);
    expect((await c.guestConfirm(number, second.orderToken)).statusCode).toBe(404);
    // A signed-in stranger does not see it among their orders.
    const stranger = await createTestUser(t.app);
    expect((await c.mine(stranger.headers)).json().data).toEqual([]);
  });

  it('the guest card step needs the client secret and only reaches guests’ store payments', async () => {
    const placed = (await c.guestCheckout(TWO_ITEMS, email(), { ip: freshIp() })).json().data;
    expect((await c.guestPay(placed.payment.id, undefined)).statusCode).toBe(404);
    expect((await c.guestPay(placed.payment.id, `${placed.payment.clientSecret}x`)).statusCode).toBe(404);
    // An account's intent cannot be paid through the guest route, even with its secret.
    const member = await createTestUser(t.app);
    const theirs = (await c.checkout(member.headers, TWO_ITEMS, randomUUID())).json().data;
    expect((await c.guestPay(theirs.payment.id, theirs.payment.clientSecret)).statusCode).toBe(404);
    // A declined card leaves the order unpaid: confirming it is refused (409).
    const declined = await c.guestPay(placed.payment.id, placed.payment.clientSecret, CARDS.declined);
    expect(declined.statusCode).toBe(402);
    const confirm = await c.guestConfirm(placed.order.orderNumber, placed.orderToken);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.message).toBe(MERCH_MESSAGES.notPaid);
  });

  it('is idempotent per e-mail and key; a different order under the same key is a conflict', async () => {
    const address = email();
    const key = randomUUID();
    const ip = freshIp();
    const a = (await c.guestCheckout(TWO_ITEMS, address, { key, ip })).json().data;
    const b = (await c.guestCheckout(TWO_ITEMS, address, { key, ip })).json().data;
    expect(b.order.id).toBe(a.order.id);
    expect(b.payment.id).toBe(a.payment.id);
    expect(b.orderToken).toBe(a.orderToken);
    const other = await c.guestCheckout(TWO_ITEMS.slice(0, 1), address, { key, ip });
    expect(other.statusCode).toBe(409);
    // Another address changes the order too.
    const moved = await c.guestCheckout(TWO_ITEMS, address, {
      key,
      ip,
      extra: { shippingAddress: { ...ADDRESS, city: 'Paris', country: 'FR', postalCode: '75001' } },
    });
    expect(moved.statusCode).toBe(409);
    // The same key from another e-mail is another buyer's first order.
    const stranger = (await c.guestCheckout(TWO_ITEMS, email(), { key, ip })).json().data;
    expect(stranger.order.id).not.toBe(a.order.id);
  });

  it('an unpaid guest checkout is settled by the sweep: cancelled, its units back', async () => {
    const before = await stockOf(t.app, 'sticker-pack');
    const items = [{ productId: 'sticker-pack', color: 'Multicolor', size: 'One Size', quantity: 3 }];
    const placed = await c.guestCheckout(items, email(), { ip: freshIp() });
    expect(placed.statusCode, placed.body).toBe(200);
    const { order } = placed.json().data;
    expect(await stockOf(t.app, 'sticker-pack')).toBe(before - 3);
    await db()
      .update(merchOrders)
      .set({ createdAt: new Date(Date.now() - ABANDONED_AFTER_MS - 1000) })
      .where(eq(merchOrders.id, order.id));
    const { merchModuleFor } = await import('./merch.factory');
    expect(await merchModuleFor(t.app.ctx).checkout.releaseAbandoned()).toBeGreaterThanOrEqual(1);
    const [after] = await db().select().from(merchOrders).where(eq(merchOrders.id, order.id));
    expect(after?.status).toBe('cancelled');
    expect(await stockOf(t.app, 'sticker-pack')).toBe(before);
  });

  it('gives paid guest orders to the account that proves the e-mail (sign-in), never to others', async () => {
    const address = `owner-${randomUUID().slice(0, 8)}@example.test`;
    const paid = await buy(address.toUpperCase());
    const pending = (
      await c.guestCheckout([{ productId: 'cap', color: 'Navy', size: 'One Size', quantity: 1 }], address, {
        ip: freshIp(),
      })
    ).json().data;
    const someoneElse = await buy(email());

    const password = 'Correct-Horse-9';
    await createTestUser(t.app, {
      email: address,
      passwordHash: await new Argon2PasswordHasher().hash(password),
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: address, password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const [row] = await db().select().from(merchOrders).where(eq(merchOrders.id, paid.order.id));
    expect(row?.userId).toBe(login.json().user.id);

    const headers = { authorization: `Bearer ${login.json().token}` };
    const mine = (await c.mine(headers)).json().data as Array<{ id: string; guest: boolean }>;
    expect(mine.map((o) => o.id)).toEqual([paid.order.id]);
    expect(mine[0]?.guest).toBe(false);
    const ids = mine.map((o) => o.id);
    expect(ids).not.toContain(pending.order.id);
    expect(ids).not.toContain(someoneElse.order.id);
    // The guest's link keeps working after the order joined the account.
    expect((await c.guestOrder(paid.order.orderNumber, paid.orderToken)).statusCode).toBe(200);
  });

  it('an unverified account with the same e-mail gets nothing', async () => {
    const address = `unverified-${randomUUID().slice(0, 8)}@example.test`;
    const paid = await buy(address);
    const password = 'Correct-Horse-9';
    await createTestUser(t.app, {
      email: address,
      status: 'unconfirmed',
      passwordHash: await new Argon2PasswordHasher().hash(password),
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: address, password },
    });
    expect(login.statusCode).toBe(403);
    const [row] = await db().select().from(merchOrders).where(eq(merchOrders.id, paid.order.id));
    expect(row?.userId).toBeNull();
  });

  it(`limits guest checkouts to ${GUEST_CHECKOUTS_PER_HOUR} an hour per IP (429 with a clear message)`, async () => {
    const ip = '192.0.2.99';
    for (let i = 0; i < GUEST_CHECKOUTS_PER_HOUR; i++) {
      // Refused bodies still count: the limit is on attempts, before any work is done.
      const res = await c.guestCheckout([], 'limit@example.test', { ip });
      expect(res.statusCode).toBe(400);
    }
    const limited = await c.guestCheckout(TWO_ITEMS, 'limit@example.test', { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(MERCH_MESSAGES.guestRateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected, nor a signed-in checkout from the same one.
    expect((await c.guestCheckout([], 'limit@example.test', { ip: freshIp() })).statusCode).toBe(400);
    const member = await createTestUser(t.app);
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/merch/checkout',
      remoteAddress: ip,
      headers: member.headers,
      payload: { items: [], shippingAddress: ADDRESS },
    });
    expect(signed.statusCode).toBe(400);
  });
});
