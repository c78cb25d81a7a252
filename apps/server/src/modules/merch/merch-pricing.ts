import { MERCH_PRICING } from '@stratos/contracts/merch/products.schema';

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
}

export interface OrderTotals {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * An order's money from catalogue prices (part 2 section 9): shipping 5.99 flat per order, tax 8%
 * of the goods, rounded to the cent once on the subtotal so the parts always add up to the total.
 */
export function priceOrder(lines: readonly PricedLine[]): OrderTotals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const shippingCents = lines.length > 0 ? MERCH_PRICING.shippingCents : 0;
  const taxCents = Math.round(subtotalCents * MERCH_PRICING.taxRate);
  return { subtotalCents, shippingCents, taxCents, totalCents: subtotalCents + shippingCents + taxCents };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Delivery is promised 7 days after the order is placed. */
export const estimatedDelivery = (placedAt: Date) =>
  new Date(placedAt.getTime() + MERCH_PRICING.deliveryDays * DAY_MS);

/** A product picture per colour: the drawn SVGs the web app serves from /merch/. */
export const imageFor = (productId: string, color: string) =>
  `/merch/${productId}-${color.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`;
