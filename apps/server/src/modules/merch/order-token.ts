import { createHmac, timingSafeEqual } from 'node:crypto';

/** Purpose prefix: the order links' key is derived for this use only, never the JWT key itself. */
const PURPOSE = 'stratos:merch-order-link:v1';

/**
 * The signed token of a guest's order link: HMAC-SHA256 of the order number under a key derived
 * from the app secret. It does not expire (the link in the confirmation e-mail stays good, as a
 * shop's order-status link does) and opens that one order only; knowing the number is not enough.
 */
export class OrderLinkTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update(PURPOSE).digest();
  }

  sign(orderNumber: string): string {
    return createHmac('sha256', this.key).update(orderNumber).digest('base64url');
  }

  verify(orderNumber: string, token: string): boolean {
    const expected = Buffer.from(this.sign(orderNumber));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** The order link's path in the web app (the mail puts the public URL in front of it). */
export const orderLinkPath = (orderNumber: string, token: string) =>
  `/merch-store/orders/${encodeURIComponent(orderNumber)}?token=${encodeURIComponent(token)}`;
