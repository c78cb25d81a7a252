/**
 * The store's messages and constants, without zod: the store page's first load imports these and
 * must not carry the schema library (the page's initial JS budget is 200 KB gzip).
 */
export const MERCH_MESSAGES = {
  loadFailed: 'Failed to load merchandise. Please try again later.',
  productNotFound: 'Product not found',
  orderNotFound: 'Order not found',
  unknownOption: 'This colour or size is not available for this product',
  outOfStock: 'Sorry, there is not enough stock for this order',
  emptyCart: 'Your cart is empty',
  checkoutFailed: 'Checkout failed. Please try again.',
  signInToPay: 'Sign in to pay for your order',
  orSignIn: 'Sign in, or check out as a guest with your e-mail address',
  guestRateLimited: 'Too many guest checkouts from your network. Please wait a while or sign in to continue.',
  orderLinkRequired: 'This order can only be opened with the link sent to its e-mail address',
  notPaid: 'The payment for this order has not succeeded',
  orderClosed: 'This order can no longer be paid',
  amountMismatch: 'The amount paid does not match the order total',
  idempotencyConflict: 'This Idempotency-Key was already used for a different order',
} as const;

/** Business constants of part 2 section 9. */
export const MERCH_PRICING = {
  shippingCents: 599,
  taxRate: 0.08,
  deliveryDays: 7,
  defaultPriceCents: 2499,
  currency: 'usd',
} as const;

export const MERCH_CATEGORY_IDS = ['apparel', 'accessories', 'tech'] as const;
