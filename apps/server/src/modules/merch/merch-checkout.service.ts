import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  CheckoutBody,
  CheckoutItem,
  CheckoutReply,
  MerchOrder,
  OrderResult,
} from '@stratos/contracts/merch/orders.schema';
import { MERCH_MESSAGES, MERCH_PRICING } from '@stratos/contracts/merch/products.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { StoredShippingAddress } from '../../db/schema/merch';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/pg-error';
import type { Mailer } from '../../mail/mailer';
import type { MerchPaymentsService } from '../billing/payments/merch-payments.service';
import { MerchRepository, type NewOrderItem, type OrderRow, type ProductRow } from './merch.repository';
import { estimatedDelivery, priceOrder } from './merch-pricing';
import { loadViews, toOrderResult } from './merch-views';
import { orderConfirmationMail } from './order-mail.template';
import { type OrderLinkTokens, orderLinkPath } from './order-token';

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  payments: MerchPaymentsService;
  mailer: Pick<Mailer, 'send'>;
  tokens: OrderLinkTokens;
  /** The web app's public URL, for the links in the confirmation mail. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** Who pays: a signed-in user, or a guest (no user id) known by the e-mail they gave. */
export interface Buyer {
  userId: string | null;
  email: string;
}

/** A checkout left unpaid this long gives its units back to stock. */
export const ABANDONED_AFTER_MS = 30 * 60 * 1000;

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** "STR-20260301-7KQ2MX": the day it was placed and six random characters. */
function orderNumber(at: Date): string {
  const code = [...randomBytes(6)].map((b) => CODE_ALPHABET[b % 32]).join('');
  return `STR-${at.toISOString().slice(0, 10).replaceAll('-', '')}-${code}`;
}

/** The same product, colour and size is one line (part 2 section 4), summed. */
export function mergeItems(items: readonly CheckoutItem[]): CheckoutItem[] {
  const lines = new Map<string, CheckoutItem>();
  for (const { productId, color, size, quantity } of items) {
    const id = `${productId}-${color}-${size}`;
    const line = lines.get(id);
    lines.set(
      id,
      line ? { ...line, quantity: line.quantity + quantity } : { productId, color, size, quantity },
    );
  }
  return [...lines.values()].sort((a, b) =>
    `${a.productId}\0${a.color}\0${a.size}`.localeCompare(`${b.productId}\0${b.color}\0${b.size}`),
  );
}

const outOfStock = (product: ProductRow, wanted: number) =>
  new AppError(
    409,
    'OUT_OF_STOCK',
    `${MERCH_MESSAGES.outOfStock}: ${product.name} has ${product.stock} left.`,
    { productId: product.id, available: product.stock, requested: wanted },
  );
const orderNotFound = () => notFound(MERCH_MESSAGES.orderNotFound, 'ORDER_NOT_FOUND');

/**
 * Checkout (part 2 section 2; DECISIONS.md 7). It prices the order from the catalogue, writes it
 * pending with its items, address and buyer and takes their units in one transaction, then asks
 * payments for an intent of exactly that total. Confirming checks the provider's record of that
 * intent and marks the order paid once; the buyer is then mailed the confirmation.
 */
export class MerchCheckoutService {
  private readonly repo: MerchRepository;

  constructor(private readonly d: CheckoutDeps) {
    this.repo = new MerchRepository(d.db);
  }

  async checkout(buyer: Buyer, body: CheckoutBody, idempotencyKey: string | null) {
    const items = mergeItems(body.items);
    const address: StoredShippingAddress = {
      ...body.shippingAddress,
      line2: body.shippingAddress.line2 ?? null,
    };
    const key = idempotencyKey ?? randomUUID();
    const requestHash = createHash('sha256').update(JSON.stringify({ items, address })).digest('hex');
    const first = await this.repo.findOrderByKey(buyer, key);
    if (first) return this.replay(buyer, first, requestHash);
    await this.releaseAbandoned();

    let order: OrderRow;
    try {
      order = await this.d.db.transaction((tx) =>
        this.placeOrder(tx, buyer, items, address, key, requestHash),
      );
    } catch (err) {
      // The same key sent twice at once: the other request placed the order.
      if (isUniqueViolation(err)) {
        const other = await this.repo.findOrderByKey(buyer, key);
        if (other) return this.replay(buyer, other, requestHash);
      }
      throw err;
    }
    try {
      return await this.withPayment(buyer, order);
    } catch (err) {
      // No way to pay it: give the units back rather than hold them for a checkout that cannot finish.
      await this.cancel(order.id);
      throw err;
    }
  }

  private async placeOrder(
    tx: Db,
    buyer: Buyer,
    items: CheckoutItem[],
    address: StoredShippingAddress,
    key: string,
    requestHash: string,
  ): Promise<OrderRow> {
    const repo = new MerchRepository(tx);
    const products = new Map(
      (await repo.lockProducts([...new Set(items.map((i) => i.productId))])).map((p) => [p.id, p]),
    );
    const wanted = new Map<string, number>();
    const lines: NewOrderItem[] = [];
    for (const item of items) {
      const product = products.get(item.productId);
      if (!product)
        throw notFound(`${MERCH_MESSAGES.productNotFound}: ${item.productId}`, 'PRODUCT_NOT_FOUND');
      if (!product.colors.includes(item.color) || !product.sizes.includes(item.size)) {
        throw badRequest(
          `${MERCH_MESSAGES.unknownOption}: ${product.name} ${item.color} ${item.size}`,
          'UNKNOWN_OPTION',
        );
      }
      wanted.set(product.id, (wanted.get(product.id) ?? 0) + item.quantity);
      // The catalogue's price: whatever price the client sent never gets this far.
      lines.push({
        productId: product.id,
        name: product.name,
        sku: product.sku,
        color: item.color,
        size: item.size,
        quantity: item.quantity,
        unitPriceCents: product.priceCents,
      });
    }
    for (const [id, quantity] of wanted) {
      const product = products.get(id) as ProductRow;
      if (product.stock < quantity || !(await repo.takeStock(id, quantity)))
        throw outOfStock(product, quantity);
    }
    const now = this.d.clock.now();
    const totals = priceOrder(lines.map((l) => ({ unitPriceCents: l.unitPriceCents, quantity: l.quantity })));
    return repo.insertOrder(
      {
        orderNumber: orderNumber(now),
        userId: buyer.userId,
        email: buyer.email.toLowerCase(),
        shippingAddress: address,
        status: 'pending',
        ...totals,
        currency: MERCH_PRICING.currency,
        idempotencyKey: key,
        requestHash,
        estimatedDelivery: estimatedDelivery(now),
        createdAt: now,
      },
      lines,
    );
  }

  private async replay(buyer: Buyer, first: OrderRow, requestHash: string) {
    if (first.requestHash !== requestHash) {
      throw conflict(MERCH_MESSAGES.idempotencyConflict, 'IDEMPOTENCY_CONFLICT');
    }
    if (first.status === 'cancelled') throw conflict(MERCH_MESSAGES.orderClosed, 'ORDER_CLOSED');
    return this.withPayment(buyer, first);
  }

  /** The order's payment intent (the same one on every replay: payments is idempotent on the key). */
  private async withPayment(buyer: Buyer, order: OrderRow): Promise<CheckoutReply['data']> {
    const intent = await this.d.payments.createIntent({
      userId: buyer.userId,
      email: buyer.email,
      amountCents: order.totalCents,
      idempotencyKey: `merch:${order.id}`,
    });
    if (order.paymentIntentId !== intent.id) await this.repo.attachIntent(order.id, intent.id);
    return {
      order: (await loadViews(this.repo, [order]))[0] as MerchOrder,
      payment: {
        id: intent.id,
        clientSecret: intent.clientSecret,
        amount: intent.amountCents,
        currency: intent.currency,
        provider: intent.provider,
      },
      orderToken: order.userId === null ? this.d.tokens.sign(order.orderNumber) : null,
    };
  }

  /** A signed-in buyer's confirm, after the card step. Idempotent. */
  async confirm(userId: string, orderId: string): Promise<OrderResult> {
    return this.settle((repo) => repo.findOrder(orderId, { lock: true }), userId);
  }

  /** A guest's confirm: the order link's token stands in for the account. Idempotent. */
  async confirmGuest(orderNumber: string, token: string | undefined): Promise<OrderResult> {
    this.checkToken(orderNumber, token);
    return this.settle((repo) => repo.findOrderByNumber(orderNumber, { lock: true }), null);
  }

  /** 401 without a token, 404 with a wrong one (as for an order that does not exist). */
  checkToken(orderNumber: string, token: string | undefined): void {
    if (!token) throw new AppError(401, 'ORDER_LINK_REQUIRED', MERCH_MESSAGES.orderLinkRequired);
    if (!this.d.tokens.verify(orderNumber, token)) throw orderNotFound();
  }

  /** The provider's record must say the order's total was paid; then the order is paid, once. */
  private async settle(
    find: (repo: MerchRepository) => Promise<OrderRow | undefined>,
    userId: string | null,
  ): Promise<OrderResult> {
    const { order, newlyPaid } = await this.d.db.transaction(async (tx) => {
      const repo = new MerchRepository(tx);
      const order = await find(repo);
      // A guest order attached to an account since is still the guest's to see through its link.
      if (!order || (userId !== null && order.userId !== userId)) throw orderNotFound();
      if (order.status === 'paid') return { order, newlyPaid: false };
      if (order.status === 'cancelled' || !order.paymentIntentId) {
        throw conflict(MERCH_MESSAGES.orderClosed, 'ORDER_CLOSED');
      }
      try {
        await this.d.payments.verify(tx, order.paymentIntentId, order.userId, order.totalCents);
      } catch (err) {
        if (err instanceof AppError && err.code === 'PAYMENT_NOT_SUCCEEDED') {
          throw new AppError(409, err.code, MERCH_MESSAGES.notPaid, err.details);
        }
        throw err;
      }
      const paid = await repo.setStatus(order.id, { status: 'paid', paidAt: this.d.clock.now() });
      return { order: paid as OrderRow, newlyPaid: true };
    });
    const view = (await loadViews(this.repo, [order]))[0] as MerchOrder;
    const link = this.linkOf(order);
    if (newlyPaid) await this.mailConfirmation(view, link);
    return toOrderResult(view, link);
  }

  /** A guest order's link path (with its token); members see their orders under Billing. */
  linkOf(order: Pick<OrderRow, 'userId' | 'orderNumber'>): string | null {
    return order.userId === null
      ? orderLinkPath(order.orderNumber, this.d.tokens.sign(order.orderNumber))
      : null;
  }

  /** Sent after the commit; a mail that fails is logged, never undoes a paid order. */
  private async mailConfirmation(order: MerchOrder, link: string | null): Promise<void> {
    try {
      await this.d.mailer.send(
        orderConfirmationMail({
          order,
          orderLink: link ? `${this.d.publicUrl}${link}` : null,
          billingUrl: `${this.d.publicUrl}/billing`,
        }),
      );
    } catch (err) {
      this.d.log.warn({ err, order: order.id }, 'merch order confirmation mail not sent');
    }
  }

  /**
   * Settles checkouts left unconfirmed for ABANDONED_AFTER_MS. The payment provider's own record
   * decides: paid (the buyer paid and never came back to confirm, or Stripe took the payment after the
   * page closed) makes the order paid; unpaid cancels it and returns its units; a provider that does
   * not answer leaves it for the next pass, so a paid order is never cancelled. Returns how many
   * were cancelled.
   */
  async releaseAbandoned(): Promise<number> {
    const before = new Date(this.d.clock.now().getTime() - ABANDONED_AFTER_MS);
    const { cancelled, paid } = await this.d.db.transaction(async (tx) => {
      const repo = new MerchRepository(tx);
      const stale = await repo.lockAbandoned(before);
      const cancelled: string[] = [];
      const paid: OrderRow[] = [];
      for (const o of stale) {
        const verdict = await this.providerVerdict(tx, o);
        if (verdict === 'paid') {
          paid.push((await repo.setStatus(o.id, { status: 'paid', paidAt: this.d.clock.now() })) as OrderRow);
          this.d.log.info({ order: o.id }, 'merch order paid at the provider, confirmed by the sweep');
        } else if (verdict === 'unpaid') cancelled.push(o.id);
      }
      if (cancelled.length > 0) {
        for (const i of await repo.itemsOf(cancelled)) await repo.returnStock(i.productId, i.quantity);
        for (const id of cancelled)
          await repo.setStatus(id, { status: 'cancelled', cancelledAt: this.d.clock.now() });
        this.d.log.info({ orders: cancelled.length }, 'abandoned merch checkouts released');
      }
      return { cancelled, paid };
    });
    for (const view of await loadViews(this.repo, paid)) {
      const row = paid.find((p) => p.id === view.id) as OrderRow;
      await this.mailConfirmation(view, this.linkOf(row));
    }
    return cancelled.length;
  }

  /** What the payment provider says of a pending order's payment. */
  private async providerVerdict(tx: Db, order: OrderRow): Promise<'paid' | 'unpaid' | 'unknown'> {
    if (!order.paymentIntentId) return 'unpaid';
    try {
      await this.d.payments.verify(tx, order.paymentIntentId, order.userId, order.totalCents);
      return 'paid';
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) return 'unpaid';
      this.d.log.warn({ err, order: order.id }, 'merch sweep: the payment provider did not answer');
      return 'unknown';
    }
  }

  private async cancel(orderId: string): Promise<void> {
    await this.d.db.transaction(async (tx) => {
      const repo = new MerchRepository(tx);
      const order = await repo.findOrder(orderId, { lock: true });
      if (order?.status !== 'pending') return;
      for (const i of await repo.itemsOf([order.id])) await repo.returnStock(i.productId, i.quantity);
      await repo.setStatus(order.id, { status: 'cancelled', cancelledAt: this.d.clock.now() });
    });
  }
}
