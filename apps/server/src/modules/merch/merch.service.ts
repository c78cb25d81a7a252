import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  AdminMerchOrder,
  CheckoutBody,
  CheckoutItem,
  CheckoutReply,
  MerchOrder,
  OrderResult,
} from '@stratos/contracts/merch/orders.schema';
import {
  MERCH_MESSAGES,
  MERCH_PRICING,
  type MerchCategory,
  type MerchProduct,
  type UpdateMerchProductBody,
} from '@stratos/contracts/merch/products.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/pg-error';
import type { PaymentsService } from '../billing/payments/payments.service';
import { MerchRepository, type NewOrderItem, type OrderRow, type ProductRow } from './merch.repository';
import { estimatedDelivery, priceOrder } from './merch-pricing';
import { toAdminOrder, toOrder, toOrderResult, toProduct } from './merch-views';

export interface MerchDeps {
  db: Db;
  clock: Clock;
  payments: PaymentsService;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export interface Buyer {
  id: string;
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
    {
      productId: product.id,
      available: product.stock,
      requested: wanted,
    },
  );

/**
 * The store (part 2 sections 2, 3, 9; DECISIONS.md 7). Checkout prices the order from the
 * catalogue, writes it pending with its items and takes their units in one transaction, then asks
 * payments for an intent of exactly that total. Confirming checks the provider's record of that
 * intent and marks the order paid, once.
 */
export class MerchService {
  private readonly repo: MerchRepository;

  constructor(private readonly d: MerchDeps) {
    this.repo = new MerchRepository(d.db);
  }

  async products(filter: { category?: MerchCategory; featured?: boolean }): Promise<MerchProduct[]> {
    return (await this.repo.listProducts(filter)).map(toProduct);
  }

  async product(id: string): Promise<MerchProduct> {
    const row = await this.repo.findProduct(id);
    if (!row) throw notFound(MERCH_MESSAGES.productNotFound, 'PRODUCT_NOT_FOUND');
    return toProduct(row);
  }

  async updateProduct(id: string, patch: UpdateMerchProductBody): Promise<MerchProduct> {
    try {
      const row = await this.repo.updateProduct(id, patch, this.d.clock.now());
      if (!row) throw notFound(MERCH_MESSAGES.productNotFound, 'PRODUCT_NOT_FOUND');
      return toProduct(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('Another product already has this SKU', 'SKU_TAKEN');
      throw err;
    }
  }

  async checkout(
    buyer: Buyer,
    body: CheckoutBody,
    idempotencyKey: string | null,
  ): Promise<CheckoutReply['data']> {
    const items = mergeItems(body.items);
    const key = idempotencyKey ?? randomUUID();
    const requestHash = createHash('sha256').update(JSON.stringify(items)).digest('hex');
    const first = await this.repo.findOrderByKey(buyer.id, key);
    if (first) return this.replay(buyer, first, requestHash);
    await this.releaseAbandoned();

    let order: OrderRow;
    try {
      order = await this.d.db.transaction((tx) => this.placeOrder(tx, buyer, items, key, requestHash));
    } catch (err) {
      // The same key sent twice at once: the other request placed the order.
      if (isUniqueViolation(err)) {
        const other = await this.repo.findOrderByKey(buyer.id, key);
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
        userId: buyer.id,
        email: buyer.email,
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

  private async replay(buyer: Buyer, first: OrderRow, requestHash: string): Promise<CheckoutReply['data']> {
    if (first.requestHash !== requestHash) {
      throw conflict(MERCH_MESSAGES.idempotencyConflict, 'IDEMPOTENCY_CONFLICT');
    }
    if (first.status === 'cancelled') throw conflict(MERCH_MESSAGES.orderClosed, 'ORDER_CLOSED');
    return this.withPayment(buyer, first);
  }

  /** The order's payment intent (the same one on every replay: payments is idempotent on the key). */
  private async withPayment(buyer: Buyer, order: OrderRow): Promise<CheckoutReply['data']> {
    const intent = await this.d.payments.createIntent({
      userId: buyer.id,
      email: buyer.email,
      purpose: 'merch',
      amountCents: order.totalCents,
      idempotencyKey: `merch:${order.id}`,
    });
    if (order.paymentIntentId !== intent.id) await this.repo.attachIntent(order.id, intent.id);
    return {
      order: await this.view(order),
      payment: {
        id: intent.id,
        clientSecret: intent.clientSecret,
        amount: intent.amountCents,
        currency: intent.currency,
        provider: intent.provider,
      },
    };
  }

  /** After the card step: the provider's record must say the order's total was paid. Idempotent. */
  async confirm(buyer: Buyer, orderId: string): Promise<OrderResult> {
    const paid = await this.d.db.transaction(async (tx) => {
      const repo = new MerchRepository(tx);
      const order = await repo.findOrder(orderId, { lock: true });
      if (!order || order.userId !== buyer.id)
        throw notFound(MERCH_MESSAGES.orderNotFound, 'ORDER_NOT_FOUND');
      if (order.status === 'paid') return order;
      if (order.status === 'cancelled' || !order.paymentIntentId) {
        throw conflict(MERCH_MESSAGES.orderClosed, 'ORDER_CLOSED');
      }
      try {
        await this.d.payments.merchPayment(tx, order.paymentIntentId, buyer.id, order.totalCents);
      } catch (err) {
        if (err instanceof AppError && err.code === 'PAYMENT_NOT_SUCCEEDED') {
          throw new AppError(409, err.code, MERCH_MESSAGES.notPaid, err.details);
        }
        throw err;
      }
      return (await repo.setStatus(order.id, { status: 'paid', paidAt: this.d.clock.now() })) as OrderRow;
    });
    return toOrderResult(await this.view(paid));
  }

  async myOrders(userId: string, limit: number): Promise<MerchOrder[]> {
    return this.views(await this.repo.listPaidOrders(userId, limit));
  }

  async allOrders(filter: { status?: OrderRow['status']; limit: number }): Promise<AdminMerchOrder[]> {
    const rows = await this.repo.listAllOrders(filter);
    const views = await this.views(rows.map((r) => r.order));
    return views.map((v, i) => {
      const r = rows[i] as (typeof rows)[number];
      return toAdminOrder(v, r.order.userId, `${r.firstName} ${r.lastName}`.trim());
    });
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
    return this.d.db.transaction(async (tx) => {
      const repo = new MerchRepository(tx);
      const stale = await repo.lockAbandoned(before);
      const cancelled: string[] = [];
      for (const o of stale) {
        const verdict = await this.providerVerdict(tx, o);
        if (verdict === 'paid') {
          await repo.setStatus(o.id, { status: 'paid', paidAt: this.d.clock.now() });
          this.d.log.info({ order: o.id }, 'merch order paid at the provider, confirmed by the sweep');
        } else if (verdict === 'unpaid') cancelled.push(o.id);
      }
      if (cancelled.length === 0) return 0;
      for (const i of await repo.itemsOf(cancelled)) await repo.returnStock(i.productId, i.quantity);
      for (const id of cancelled)
        await repo.setStatus(id, { status: 'cancelled', cancelledAt: this.d.clock.now() });
      this.d.log.info({ orders: cancelled.length }, 'abandoned merch checkouts released');
      return cancelled.length;
    });
  }

  /** What the payment provider says of a pending order's payment. */
  private async providerVerdict(tx: Db, order: OrderRow): Promise<'paid' | 'unpaid' | 'unknown'> {
    if (!order.paymentIntentId) return 'unpaid';
    try {
      await this.d.payments.merchPayment(tx, order.paymentIntentId, order.userId, order.totalCents);
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

  private async view(order: OrderRow): Promise<MerchOrder> {
    return (await this.views([order]))[0] as MerchOrder;
  }

  private async views(orders: OrderRow[]): Promise<MerchOrder[]> {
    const items = await this.repo.itemsOf(orders.map((o) => o.id));
    const cards = await this.repo.cardsOf(
      orders.flatMap((o) => (o.paymentIntentId ? [o.paymentIntentId] : [])),
    );
    return orders.map((o) =>
      toOrder(
        o,
        items.filter((i) => i.orderId === o.id),
        o.status === 'paid' && o.paymentIntentId ? (cards.get(o.paymentIntentId) ?? null) : null,
      ),
    );
  }
}
