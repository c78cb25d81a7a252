import { describe, expect, it } from 'vitest';
import { estimatedDelivery, imageFor, priceOrder } from './merch-pricing';

describe('priceOrder', () => {
  it('adds 5.99 shipping once and 8% tax on the goods', () => {
    // 2 x 24.99 + 1 x 49.99 = 99.97; tax 8.00 (7.9976 rounded); total 99.97 + 5.99 + 8.00
    expect(
      priceOrder([
        { unitPriceCents: 2499, quantity: 2 },
        { unitPriceCents: 4999, quantity: 1 },
      ]),
    ).toEqual({ subtotalCents: 9997, shippingCents: 599, taxCents: 800, totalCents: 11396 });
  });

  it('rounds the tax half up to the cent', () => {
    // 9.99 x 0.08 = 0.7992 -> 0.80; 16.99 x 0.08 = 1.3592 -> 1.36
    expect(priceOrder([{ unitPriceCents: 999, quantity: 1 }]).taxCents).toBe(80);
    expect(priceOrder([{ unitPriceCents: 1699, quantity: 1 }]).taxCents).toBe(136);
  });

  it('charges nothing for an empty order', () => {
    expect(priceOrder([])).toEqual({ subtotalCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0 });
  });
});

describe('estimatedDelivery and imageFor', () => {
  it('promises delivery 7 days after the order', () => {
    expect(estimatedDelivery(new Date('2026-03-01T10:00:00Z')).toISOString()).toBe(
      '2026-03-08T10:00:00.000Z',
    );
  });
  it('names the drawn picture of a colour', () => {
    expect(imageFor('logo-t-shirt', 'Navy')).toBe('/merch/logo-t-shirt-navy.svg');
  });
});
