import type { AdminMerchOrder, MerchOrder, OrderResult } from '@stratos/contracts/merch/orders.schema';
import type { MerchProduct } from '@stratos/contracts/merch/products.schema';
import type { MerchRepository, OrderItemRow, OrderRow, ProductRow } from './merch.repository';
import { imageFor } from './merch-pricing';

const iso = (d: Date | string) => new Date(d).toISOString();
const dollars = (cents: number) => cents / 100;

export function toProduct(row: ProductRow): MerchProduct {
  const images = Object.fromEntries(row.colors.map((c) => [c, imageFor(row.id, c)]));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: dollars(row.priceCents),
    priceCents: row.priceCents,
    category: row.category,
    image: imageFor(row.id, row.colors[0] ?? 'black'),
    images,
    colors: row.colors,
    sizes: row.sizes,
    featured: row.featured,
    inStock: row.stock > 0,
    stock: row.stock,
    sku: row.sku,
  };
}

export function toOrder(
  row: OrderRow,
  items: OrderItemRow[],
  card: { brand: string; last4: string } | null,
): MerchOrder {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    email: row.email,
    items: items.map((i) => ({
      productId: i.productId,
      name: i.name,
      sku: i.sku,
      color: i.color,
      size: i.size,
      quantity: i.quantity,
      unitPrice: i.unitPriceCents,
      lineTotal: i.unitPriceCents * i.quantity,
      image: imageFor(i.productId, i.color),
    })),
    subtotal: row.subtotalCents,
    shipping: row.shippingCents,
    tax: row.taxCents,
    total: row.totalCents,
    currency: row.currency,
    estimatedDelivery: iso(row.estimatedDelivery),
    createdAt: iso(row.createdAt),
    paidAt: row.paidAt ? iso(row.paidAt) : null,
    card,
    shippingAddress: row.shippingAddress
      ? { ...row.shippingAddress, line2: row.shippingAddress.line2 ?? null }
      : null,
    guest: row.userId === null,
  };
}

/** Orders with their items and, once paid, the card they were charged to (three queries in all). */
export async function loadViews(repo: MerchRepository, orders: OrderRow[]): Promise<MerchOrder[]> {
  const items = await repo.itemsOf(orders.map((o) => o.id));
  const cards = await repo.cardsOf(orders.flatMap((o) => (o.paymentIntentId ? [o.paymentIntentId] : [])));
  return orders.map((o) =>
    toOrder(
      o,
      items.filter((i) => i.orderId === o.id),
      o.status === 'paid' && o.paymentIntentId ? (cards.get(o.paymentIntentId) ?? null) : null,
    ),
  );
}

export const toAdminOrder = (
  order: MerchOrder,
  userId: string | null,
  buyerName: string,
): AdminMerchOrder => ({
  ...order,
  userId,
  buyerName,
});

/** The spec's order result (part 2 section 3): money in dollars, as its client shows it. */
export function toOrderResult(order: MerchOrder, orderLink: string | null = null): OrderResult {
  return {
    success: order.status === 'paid',
    orderId: order.id,
    orderNumber: order.orderNumber,
    subtotal: dollars(order.subtotal),
    shipping: dollars(order.shipping),
    tax: dollars(order.tax),
    total: dollars(order.total),
    estimatedDelivery: order.estimatedDelivery,
    error: null,
    order,
    orderLink,
  };
}
