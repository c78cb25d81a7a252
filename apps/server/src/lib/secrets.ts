import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  jwtSecret: string;
  /** 32 bytes, hex. */
  encryptionKey: string;
}

/**
 * Secrets from configuration when given; otherwise generated once and kept in DATA_DIR/secrets.json
 * (mode 0600) so sessions survive a restart of the embedded default.
 */
export function resolveSecrets(dataDir: string, given: Partial<Secrets>): Secrets {
  if (given.jwtSecret && given.encryptionKey) return given as Secrets;
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  } catch {
    // Missing or unreadable: generate below.
  }
  const secrets: Secrets = {
    jwtSecret: given.jwtSecret ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    encryptionKey: given.encryptionKey ?? stored.encryptionKey ?? randomBytes(32).toString('hex'),
  };
  if (secrets.jwtSecret !== stored.jwtSecret || secrets.encryptionKey !== stored.encryptionKey) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}
