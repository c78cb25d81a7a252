import type { CardErrorCode } from '@stratos/contracts/billing/payments.schema';

/** A card as the sandbox's card step receives it (number already stripped of spaces). */
export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export type CardOutcome =
  | {
      ok: true;
      brand: string;
      last4: string;
      /** The Stripe test payment method that stands for this card on later off-session charges. */
      paymentMethodId: string;
    }
  | { ok: false; code: CardErrorCode };

/**
 * Stripe's test cards that fail (https://docs.stripe.com/testing). 0341 attaches and pays now, but
 * every later off-session charge is declined, like Stripe's pm_card_chargeCustomerFail.
 */
const DECLINES: Record<string, CardErrorCode> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
};
export const FAILS_LATER_CARD = '4000000000000341';

/** Test payment methods whose off-session charges the sandbox declines. */
const DECLINING_METHODS: Record<string, CardErrorCode> = {
  pm_card_chargeCustomerFail: 'card_declined',
  pm_card_chargeDeclined: 'card_declined',
  pm_card_chargeDeclinedInsufficientFunds: 'insufficient_funds',
  pm_card_chargeDeclinedExpiredCard: 'expired_card',
};

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

/** Two-digit years are this century's, as card forms show them. */
const fullYear = (y: number) => (y < 100 ? 2000 + y : y);

/** Stripe's test-mode answer for a card, at `now` (for the expiry). */
export function evaluateCard(card: CardInput, now: Date): CardOutcome {
  const number = card.number.replace(/[\s-]/g, '');
  if (!luhnValid(number)) return { ok: false, code: 'incorrect_number' };
  const year = fullYear(card.exp_year);
  const month = card.exp_month;
  if (month < 1 || month > 12) return { ok: false, code: 'expired_card' };
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  if (year < nowYear || (year === nowYear && month < nowMonth)) return { ok: false, code: 'expired_card' };
  const brand = cardBrand(number);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return { ok: false, code: 'incorrect_cvc' };
  const decline = Object.hasOwn(DECLINES, number) ? DECLINES[number] : undefined;
  if (decline) return { ok: false, code: decline };
  return {
    ok: true,
    brand,
    last4: number.slice(-4),
    paymentMethodId: number === FAILS_LATER_CARD ? 'pm_card_chargeCustomerFail' : `pm_card_${brand}`,
  };
}

/** Whether an off-session charge of a saved test payment method succeeds. */
export function chargeSavedMethod(
  paymentMethodId: string,
): { ok: true } | { ok: false; code: CardErrorCode } {
  const code = Object.hasOwn(DECLINING_METHODS, paymentMethodId)
    ? DECLINING_METHODS[paymentMethodId]
    : undefined;
  return code ? { ok: false, code } : { ok: true };
}
