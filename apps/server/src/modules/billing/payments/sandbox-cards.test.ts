import { describe, expect, it } from 'vitest';
import { cardBrand, chargeSavedMethod, evaluateCard, luhnValid } from './sandbox-cards';

const now = new Date('2030-06-15T12:00:00Z');
const card = (number: string, over: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}) => ({
  number,
  exp_month: 12,
  exp_year: 2031,
  cvc: '123',
  ...over,
});

describe('sandbox test cards (Stripe test-mode semantics)', () => {
  it('checks numbers with Luhn and names the brand', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
    expect(luhnValid('42424242424242a2')).toBe(false);
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3056930009020004')).toBe('unknown');
  });

  it('4242 succeeds and stands for pm_card_visa later; spaces and dashes are ignored', () => {
    expect(evaluateCard(card('4242 4242-4242 4242'), now)).toEqual({
      ok: true,
      brand: 'visa',
      last4: '4242',
      paymentMethodId: 'pm_card_visa',
    });
    expect(evaluateCard(card('5555555555554444'), now)).toMatchObject({
      ok: true,
      paymentMethodId: 'pm_card_mastercard',
    });
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc'],
    ['4000000000000119', 'processing_error'],
    ['4000000000000003', 'incorrect_number'],
  ] as const)('%s -> %s', (number, code) => {
    expect(evaluateCard(card(number), now)).toEqual({ ok: false, code });
  });

  it('an expiry before this month is expired; this month still works; two-digit years are 20xx', () => {
    expect(evaluateCard(card('4242424242424242', { exp_month: 5, exp_year: 2030 }), now)).toEqual({
      ok: false,
      code: 'expired_card',
    });
    expect(evaluateCard(card('4242424242424242', { exp_month: 6, exp_year: 2030 }), now).ok).toBe(true);
    expect(evaluateCard(card('4242424242424242', { exp_month: 6, exp_year: 30 }), now).ok).toBe(true);
    expect(evaluateCard(card('4242424242424242', { exp_month: 12, exp_year: 29 }), now)).toMatchObject({
      ok: false,
    });
    expect(evaluateCard(card('4242424242424242', { exp_month: 13 }), now)).toMatchObject({ ok: false });
  });

  it('the cvc has 3 digits, 4 for amex', () => {
    expect(evaluateCard(card('4242424242424242', { cvc: '1234' }), now)).toEqual({
      ok: false,
      code: 'incorrect_cvc',
    });
    expect(evaluateCard(card('378282246310005', { cvc: '123' }), now)).toEqual({
      ok: false,
      code: 'incorrect_cvc',
    });
    expect(evaluateCard(card('378282246310005', { cvc: '1234' }), now)).toMatchObject({
      ok: true,
      brand: 'amex',
    });
  });

  it('0341 pays now but its saved method declines every later off-session charge', () => {
    const paid = evaluateCard(card('4000000000000341'), now);
    expect(paid).toEqual({
      ok: true,
      brand: 'visa',
      last4: '0341',
      paymentMethodId: 'pm_card_chargeCustomerFail',
    });
    expect(chargeSavedMethod('pm_card_chargeCustomerFail')).toEqual({ ok: false, code: 'card_declined' });
    expect(chargeSavedMethod('pm_card_chargeDeclinedInsufficientFunds')).toEqual({
      ok: false,
      code: 'insufficient_funds',
    });
    expect(chargeSavedMethod('pm_card_visa')).toEqual({ ok: true });
  });
});
