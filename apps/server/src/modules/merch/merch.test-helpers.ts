import { expect } from 'vitest';
import type { App } from '../../app';
import { CARDS, card } from '../billing/payments/payments.test-helpers';

type Headers = { authorization: string };
export interface Line {
  productId: string;
  color: string;
  size: string;
  quantity: number;
  [extra: string]: unknown;
}

/** A valid shipping address; every checkout carries one unless a test says otherwise. */
export const ADDRESS = {
  name: 'Ada Lovelace',
  line1: '12 St James Square',
  city: 'London',
  postalCode: 'SW1Y 4JH',
  country: 'GB',
};

/** The store's calls, as a client makes them. */
export function merchClient(app: App) {
  return {
    products: (query = '') => app.inject({ method: 'GET', url: `/api/merch/products${query}` }),
    featured: () => app.inject({ method: 'GET', url: '/api/merch/products/featured' }),
    product: (id: string) => app.inject({ method: 'GET', url: `/api/merch/products/${id}` }),
    update: (h: Partial<Headers>, id: string, payload: object) =>
      app.inject({ method: 'PATCH', url: `/api/merch/products/${id}`, headers: h, payload }),
    checkout: (h: Partial<Headers>, items: Line[], key?: string, extra: object = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/merch/checkout',
        headers: { ...h, ...(key ? { 'idempotency-key': key } : {}) },
        payload: { items, shippingAddress: ADDRESS, ...extra },
      }),
    /** A signed-out checkout; `ip` keeps each test's rate-limit window its own. */
    guestCheckout: (items: Line[], email: string, opts: { key?: string; ip?: string; extra?: object } = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/merch/guest/checkout',
        remoteAddress: opts.ip ?? '203.0.113.1',
        headers: opts.key ? { 'idempotency-key': opts.key } : {},
        payload: { items, email, shippingAddress: ADDRESS, ...opts.extra },
      }),
    guestPay: (intentId: string, clientSecret: string | undefined, number: string = CARDS.visa) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/guest-confirm',
        remoteAddress: '198.51.100.7',
        payload: { payment_intent_id: intentId, client_secret: clientSecret, card: card(number) },
      }),
    guestConfirm: (orderNumber: string, token?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/merch/guest/orders/${encodeURIComponent(orderNumber)}/confirm`,
        payload: token === undefined ? {} : { token },
      }),
    guestOrder: (orderNumber: string, token?: string) =>
      app.inject({
        method: 'GET',
        url: `/api/merch/guest/orders/${encodeURIComponent(orderNumber)}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
      }),
    pay: (h: Headers, intentId: string, number: string = CARDS.visa) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/confirm',
        headers: h,
        payload: { payment_intent_id: intentId, card: card(number) },
      }),
    confirm: (h: Partial<Headers>, orderId: string) =>
      app.inject({ method: 'POST', url: `/api/merch/orders/${orderId}/confirm`, headers: h }),
    mine: (h: Partial<Headers>) => app.inject({ method: 'GET', url: '/api/merch/orders', headers: h }),
    all: (h: Partial<Headers>, query = '') =>
      app.inject({ method: 'GET', url: `/api/merch/admin/orders${query}`, headers: h }),
  };
}

/** Stock of one product as the public catalogue shows it. */
export async function stockOf(app: App, id: string): Promise<number> {
  const res = await merchClient(app).product(id);
  expect(res.statusCode).toBe(200);
  return res.json().data.stock as number;
}
