import { createHmac, timingSafeEqual } from 'node:crypto';

/** Purpose prefix: a download token's key is derived for this use only, never the JWT key itself. */
const PURPOSE = 'stratos:file-download:v1';
export const DOWNLOAD_TOKEN_TTL_SECONDS = 5 * 60;

export interface DownloadClaims {
  userId: string;
  fileId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export type DownloadTokenCheck =
  | { ok: true; userId: string; expiresAt: number }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' };

/**
 * Short-lived download tokens scoped to one file and one user: `<exp>.<userId>.<hmac>` where the
 * HMAC-SHA256 (key derived from the app secret and a purpose string) covers expiry, user and
 * file id. The file id is not in the token; it comes from the URL, so a token presented for
 * another file fails the signature check. Not a bearer token: it opens one file for 5 minutes.
 */
export class DownloadTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update(PURPOSE).digest();
  }

  sign(claims: DownloadClaims): string {
    return `${claims.expiresAt}.${claims.userId}.${this.mac(claims)}`;
  }

  verify(token: string, fileId: string, nowSeconds: number): DownloadTokenCheck {
    const parts = token.split('.');
    if (parts.length !== 3) return { ok: false, reason: 'malformed' };
    const [expRaw, userId, mac] = parts as [string, string, string];
    if (!/^\d{1,12}$/.test(expRaw) || !/^[0-9a-f-]{36}$/.test(userId) || !/^[A-Za-z0-9_-]{43}$/.test(mac)) {
      return { ok: false, reason: 'malformed' };
    }
    const expiresAt = Number(expRaw);
    const expected = Buffer.from(this.mac({ userId, fileId, expiresAt }));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return { ok: false, reason: 'bad-signature' };
    }
    if (expiresAt <= nowSeconds) return { ok: false, reason: 'expired' };
    return { ok: true, userId, expiresAt };
  }

  private mac(c: DownloadClaims): string {
    return createHmac('sha256', this.key)
      .update(`${c.expiresAt}.${c.userId}.${c.fileId}`)
      .digest('base64url');
  }
}
