const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const credits = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents to dollars with two decimals: 1999 -> "$19.99", 500 -> "$5.00". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** Dollars with two decimals, and "<$0.01" for a sliver above zero. */
export function formatUsd(dollars: number): string {
  if (dollars > 0 && dollars < 0.01) return '<$0.01';
  return usd.format(dollars);
}

/**
 * A chart's dollar tick, precise enough for the chart's scale: with a largest value of $0.0003 the
 * ticks read $0.0001, $0.0002, … (not "<$0.01" on every line); from a dollar up, whole cents.
 */
export function formatUsdTick(value: number, max: number): string {
  if (value === 0) return '$0';
  const top = Math.max(Math.abs(max), Math.abs(value));
  if (top >= 1) return Number.isInteger(value) ? usdWhole.format(value) : usd.format(value);
  // Two significant places below the largest value's first digit, trailing zeros dropped.
  const digits = Math.min(6, Math.max(2, 1 - Math.floor(Math.log10(top))));
  const text = Math.abs(value)
    .toFixed(digits)
    .replace(/(\.\d*?[1-9])0+$/, '$1')
    .replace(/\.0+$/, '');
  return `${value < 0 ? '-' : ''}$${text}`;
}

/** A credit amount ($1 = 1 credit): "12.50", "0.01", "<0.01" for a sliver. */
export function formatCredits(amount: number): string {
  if (amount > 0 && amount < 0.005) return '<0.01';
  return credits.format(amount);
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "visa", "4242" -> "Visa ending in 4242". */
export function formatCard(card: { brand: string; last4: string }): string {
  const brand =
    BRANDS[card.brand.toLowerCase()] ?? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)}`;
  return `${brand} ending in ${card.last4}`;
}
