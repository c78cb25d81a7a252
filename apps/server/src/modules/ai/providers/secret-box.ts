import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for provider keys at rest. The key is derived (HKDF-SHA256) from the app's
 * ENCRYPTION_KEY secret with its own label, so these ciphertexts share nothing with other uses of
 * that secret. Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(encryptionKeyHex: string) {
    this.key = Buffer.from(
      hkdfSync(
        'sha256',
        Buffer.from(encryptionKeyHex, 'hex'),
        Buffer.alloc(0),
        'stratos ai provider keys',
        32,
      ),
    );
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv, tag, data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Unreadable sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** What a sealed key belongs to, for the log line. */
export interface SealedKeyOwner {
  provider: string;
  /** The user whose own key it is; absent for the platform's key. */
  userId?: string;
}

/** Sealed values already reported at most; past it the memory starts over (one more line each). */
const REPORTED_MAX = 10_000;

/**
 * Opens stored keys for the provider layer. A key sealed under another ENCRYPTION_KEY (a lost or
 * replaced secrets file) cannot be opened: `open` answers null, and the first failure of each
 * stored value is logged once, not on every request that meets it. Its owner sees it as needing
 * re-entry (`needsReentry` in the API), which saving it again clears.
 */
export class KeyOpener {
  private readonly reported = new Set<string>();

  constructor(
    private readonly box: SecretBox,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  open(sealed: string, owner: SealedKeyOwner): string | null {
    try {
      return this.box.open(sealed);
    } catch {
      if (!this.reported.has(sealed)) {
        if (this.reported.size >= REPORTED_MAX) this.reported.clear();
        this.reported.add(sealed);
        this.log.warn(
          owner,
          'a stored AI provider key cannot be decrypted (was ENCRYPTION_KEY or secrets.json replaced?); its owner must enter it again',
        );
      }
      return null;
    }
  }

  /** Whether the key can be opened (logging as `open` does). */
  readable(sealed: string, owner: SealedKeyOwner): boolean {
    return this.open(sealed, owner) !== null;
  }
}
