import type { MerchOrder } from '@stratos/contracts/merch/orders.schema';
import type { Mail } from '../../mail/mailer';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface OrderMailInput {
  order: MerchOrder;
  /** Guests: the full order link (with its token); members find the order under Billing. */
  orderLink: string | null;
  billingUrl: string;
}

/**
 * The confirmation sent once an order is paid: number, items, totals, estimated delivery, where it
 * ships, and how to see it again. A guest's link opens the order, so the outbox keeps it hidden.
 */
export function orderConfirmationMail({ order, orderLink, billingUrl }: OrderMailInput): Mail {
  const a = order.shippingAddress;
  const address = a
    ? [a.name, a.line1, a.line2, `${a.postalCode} ${a.city}`, a.country].filter(Boolean).join(', ')
    : null;
  const lines = order.items.map(
    (i) => `${i.quantity} x ${i.name} (${i.color}, ${i.size}) - ${money(i.lineTotal)}`,
  );
  const delivery = day.format(new Date(order.estimatedDelivery));
  const see = orderLink
    ? `View your order at any time: ${orderLink}`
    : `Your order is listed under Billing: ${billingUrl}`;
  const text = [
    'Thank you for your order!',
    '',
    `Order number: ${order.orderNumber}`,
    '',
    ...lines,
    '',
    `Subtotal: ${money(order.subtotal)}`,
    `Shipping: ${money(order.shipping)}`,
    `Tax: ${money(order.tax)}`,
    `Total: ${money(order.total)}`,
    '',
    `Estimated delivery: ${delivery}`,
    ...(address ? [`Shipping to: ${address}`] : []),
    '',
    see,
    '',
    'Stratos',
  ].join('\n');
  const row = (label: string, value: string) =>
    `<tr><td style="padding:2px 12px 2px 0">${escapeHtml(label)}</td><td align="right">${escapeHtml(value)}</td></tr>`;
  const html = [
    '<p>Thank you for your order!</p>',
    `<p><strong>Order number:</strong> ${escapeHtml(order.orderNumber)}</p>`,
    `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    '<table>',
    row('Subtotal', money(order.subtotal)),
    row('Shipping', money(order.shipping)),
    row('Tax', money(order.tax)),
    row('Total', money(order.total)),
    '</table>',
    `<p><strong>Estimated delivery:</strong> ${escapeHtml(delivery)}</p>`,
    address ? `<p><strong>Shipping to:</strong> ${escapeHtml(address)}</p>` : '',
    orderLink
      ? `<p><a href="${escapeHtml(orderLink)}">View your order</a></p>`
      : `<p><a href="${escapeHtml(billingUrl)}">See it under Billing</a></p>`,
  ].join('\n');
  return {
    to: order.email,
    subject: `Your Stratos order ${order.orderNumber}`,
    text,
    html,
    kind: 'merch_order',
    secrets: orderLink ? [orderLink.slice(orderLink.indexOf('token=') + 'token='.length)] : [],
  };
}
