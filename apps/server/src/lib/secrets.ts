import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config';

export interface Secrets {
  jwtSecret: string;
  /** 32 bytes, hex. */
  encryptionKey: string;
}

const SECRETS_FILE = 'secrets.json';

/**
 * Secrets from configuration when given; otherwise those kept in DATA_DIR/secrets.json (mode
 * 0600), so sessions and stored provider keys survive a restart of the embedded default. A missing
 * file is created once, on the first run. An existing file is never rewritten: one that cannot be
 * read, is not JSON, or lacks a valid secret stops the start with what to do, because new secrets
 * would sign everyone out and leave every stored provider key unreadable.
 */
export function resolveSecrets(dataDir: string, given: Partial<Secrets>): Secrets {
  if (given.jwtSecret && given.encryptionKey) return given as Secrets;
  const file = path.join(dataDir, SECRETS_FILE);
  const stored = readSecretsFile(file) ?? createSecretsFile(file);
  return {
    jwtSecret: given.jwtSecret ?? stored.jwtSecret,
    encryptionKey: given.encryptionKey ?? stored.encryptionKey,
  };
}

/** The file's secrets; null when there is no file yet. */
function readSecretsFile(file: string): Secrets | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw unusable(file, `it cannot be read (${code ?? (err as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw unusable(file, text.trim() === '' ? 'it is empty' : 'it is not valid JSON');
  }
  const { jwtSecret, encryptionKey } = (parsed ?? {}) as Partial<Record<keyof Secrets, unknown>>;
  if (typeof jwtSecret !== 'string' || jwtSecret.length < 32) {
    throw unusable(file, 'it has no valid "jwtSecret" (a string of at least 32 characters)');
  }
  if (typeof encryptionKey !== 'string' || !/^[0-9a-fA-F]{64}$/.test(encryptionKey)) {
    throw unusable(file, 'it has no valid "encryptionKey" (64 hex characters)');
  }
  return { jwtSecret, encryptionKey };
}

/**
 * Writes new secrets to a file of its own, then links it into place: the link fails if the file
 * appeared meanwhile (another process starting), and a crash never leaves a half-written file.
 */
function createSecretsFile(file: string): Secrets {
  const secrets: Secrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(32).toString('hex'),
  };
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const theirs = readSecretsFile(file);
    if (!theirs) throw err;
    return theirs;
  } finally {
    rmSync(temp, { force: true });
  }
  return secrets;
}

function unusable(file: string, why: string): ConfigError {
  return new ConfigError(
    [
      `Cannot start: ${file} is unusable: ${why}.`,
      '',
      'This file holds the key that signs sessions and the key that encrypts stored AI provider',
      'keys. Stratos will not replace it: new keys would sign everyone out and make every stored',
      'provider key unreadable. Either:',
      '  - restore the file from a backup (or fix its permissions), or',
      '  - set JWT_SECRET and ENCRYPTION_KEY to the values it held, or',
      '  - to start over with new keys (everyone signs in again; stored provider keys must be',
      '    entered again), move the file away and start again.',
    ].join('\n'),
  );
}
