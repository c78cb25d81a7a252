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
