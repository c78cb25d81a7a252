import { createHmac, timingSafeEqual } from 'node:crypto';

/** Purpose prefix: the ticket key is derived for this use only, never the JWT key itself. */
const PURPOSE = 'stratos:share-download:v1';
export const SHARE_TICKET_TTL_SECONDS = 5 * 60;

/**
 * The short-lived part of a public download URL: `<exp>.<hmac>` over (expiry, share id). The
 * share comes from the token in the same URL, so a ticket is good for one link for five minutes,
 * and stops working at once when the link is revoked or expires (the link is checked again).
 */
export class ShareTickets {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update(PURPOSE).digest();
  }

  sign(shareId: string, expiresAt: number): string {
    return `${expiresAt}.${this.mac(shareId, expiresAt)}`;
  }

  verify(ticket: string, shareId: string, nowSeconds: number): boolean {
    const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
    if (!m) return false;
    const expiresAt = Number(m[1]);
    const expected = Buffer.from(this.mac(shareId, expiresAt));
    const given = Buffer.from(m[2] as string);
    return expected.length === given.length && timingSafeEqual(expected, given) && expiresAt > nowSeconds;
  }

  private mac(shareId: string, expiresAt: number): string {
    return createHmac('sha256', this.key).update(`${expiresAt}.${shareId}`).digest('base64url');
  }
}
