import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  checkCard,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  CARD_INPUT_MESSAGES as M,
} from './card-input';

const now = new Date('2026-05-15T12:00:00Z');

describe('card input', () => {
  it('groups the number in fours, Amex as 4-6-5', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42')).toBe('4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242-4242-4242-4242-9999')).toBe('4242 4242 4242 4242 999');
  });

  it('formats the expiry as MM / YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('5')).toBe('05 / ');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12 / 3', '12 / ')).toBe('12 / 3');
    // Backspace over the separator removes the month's second digit as well.
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
  });

  it('knows the brands and the Luhn check', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555 5555')).toBe('mastercard');
    expect(cardBrand('3782')).toBe('amex');
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4000 0000 0000 0002')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
  });

  it('reports the first problem in field order', () => {
    expect(checkCard({ number: '4242 4242', expiry: '', cvc: '' }, now)).toEqual({
      ok: false,
      field: 'number',
      message: M.numberIncomplete,
    });
    expect(checkCard({ number: '4242 4242 4242 4241', expiry: '12 / 30', cvc: '123' }, now)).toMatchObject({
      field: 'number',
      message: M.numberInvalid,
    });
    expect(checkCard({ number: '4242424242424242', expiry: '12 / 3', cvc: '' }, now)).toMatchObject({
      field: 'expiry',
      message: M.expiryIncomplete,
    });
    expect(checkCard({ number: '4242424242424242', expiry: '13 / 30', cvc: '' }, now)).toMatchObject({
      message: M.expiryInvalid,
    });
    expect(checkCard({ number: '4242424242424242', expiry: '04 / 26', cvc: '123' }, now)).toMatchObject({
      message: M.expiryPast,
    });
    expect(checkCard({ number: '4242424242424242', expiry: '05 / 26', cvc: '12' }, now)).toMatchObject({
      field: 'cvc',
      message: M.cvcIncomplete,
    });
  });

  it('returns the card to send when every field is complete (this month still counts)', () => {
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '05 / 26', cvc: '123' }, now)).toEqual({
      ok: true,
      card: { number: '4242424242424242', exp_month: 5, exp_year: 2026, cvc: '123' },
    });
  });
});
