/**
 * The sandbox card form's input rules: what Stripe's card fields check on the client before any
 * call (incomplete or impossible input). Declines and the rest are the provider's to decide.
 */

export const CARD_INPUT_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryInvalid: "Your card's expiration date is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export function cardBrand(number: string): CardBrand {
  const d = digitsOf(number);
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^6(011|5)/.test(d)) return 'discover';
  return 'unknown';
}

export const digitsOf = (s: string) => s.replace(/\D/g, '');

/** "4242424242424242" -> "4242 4242 4242 4242" (Amex: 4-6-5), at most 19 digits. */
export function formatCardNumber(input: string): string {
  const d = digitsOf(input).slice(0, 19);
  if (cardBrand(d) === 'amex') {
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  }
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1", "12", "123" -> "1", "12 / ", "12 / 3"; a first digit above 1 is a month: "5" -> "05 / ". */
export function formatExpiry(input: string, previous = ''): string {
  let d = digitsOf(input).slice(0, 4);
  // Deleting the separator deletes the month's last digit too.
  if (previous.endsWith(' / ') && input.length < previous.length) d = d.slice(0, 1);
  if (d.length === 1 && Number(d) > 1) d = `0${d}`;
  if (d.length < 2) return d;
  if (d.length === 2 && input.length < previous.length) return d;
  return `${d.slice(0, 2)} / ${d.slice(2)}`;
}

export function luhnValid(number: string): boolean {
  const d = digitsOf(number);
  if (d.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export interface ParsedCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export type CardCheck =
  | { ok: true; card: ParsedCard }
  | { ok: false; field: keyof CardFields; message: string };

/** Checks the three fields in order and returns the first problem, or the card ready to send. */
export function checkCard(fields: CardFields, now: Date = new Date()): CardCheck {
  const number = digitsOf(fields.number);
  const minLength = cardBrand(number) === 'amex' ? 15 : 16;
  if (number.length < minLength)
    return { ok: false, field: 'number', message: CARD_INPUT_MESSAGES.numberIncomplete };
  if (!luhnValid(number)) return { ok: false, field: 'number', message: CARD_INPUT_MESSAGES.numberInvalid };

  const exp = digitsOf(fields.expiry);
  if (exp.length < 4) return { ok: false, field: 'expiry', message: CARD_INPUT_MESSAGES.expiryIncomplete };
  const month = Number(exp.slice(0, 2));
  const year = 2000 + Number(exp.slice(2, 4));
  if (month < 1 || month > 12)
    return { ok: false, field: 'expiry', message: CARD_INPUT_MESSAGES.expiryInvalid };
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < thisMonth)
    return { ok: false, field: 'expiry', message: CARD_INPUT_MESSAGES.expiryPast };

  const cvc = digitsOf(fields.cvc);
  const cvcLength = cardBrand(number) === 'amex' ? 4 : 3;
  if (cvc.length < cvcLength) return { ok: false, field: 'cvc', message: CARD_INPUT_MESSAGES.cvcIncomplete };

  return { ok: true, card: { number, exp_month: month, exp_year: year, cvc } };
}

/** Stripe's test cards that the sandbox honours (docs/billing-design.md), for the test-mode banner. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'fails for insufficient funds' },
] as const;
