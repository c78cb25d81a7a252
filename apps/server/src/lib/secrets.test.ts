import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { resolveSecrets } from './secrets';

const VALID = { jwtSecret: 'j'.repeat(40), encryptionKey: 'a'.repeat(64) };

describe('resolveSecrets', () => {
  let dir: string;
  const file = () => path.join(dir, 'secrets.json');
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'stratos-secrets-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the file on the first run (mode 0600) and reads the same secrets after', () => {
    const first = resolveSecrets(path.join(dir, 'data'), {});
    const created = path.join(dir, 'data/secrets.json');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.encryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(created).mode & 0o777).toBe(0o600);
    const text = readFileSync(created, 'utf8');
    expect(resolveSecrets(path.join(dir, 'data'), {})).toEqual(first);
    expect(readFileSync(created, 'utf8')).toBe(text);
  });

  it('takes configured secrets first, the file for the rest, and never writes them into it', () => {
    writeFileSync(file(), JSON.stringify(VALID));
    const jwt = 'x'.repeat(40);
    expect(resolveSecrets(dir, { jwtSecret: jwt })).toEqual({
      jwtSecret: jwt,
      encryptionKey: VALID.encryptionKey,
    });
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual(VALID);
    // Both configured: the file is not even needed.
    rmSync(file());
    const both = { jwtSecret: jwt, encryptionKey: 'b'.repeat(64) };
    expect(resolveSecrets(dir, both)).toEqual(both);
    expect(() => statSync(file())).toThrow();
  });

  it.each([
    ['corrupt', '{"jwtSecret": "jjjj', 'it is not valid JSON'],
    ['empty', '', 'it is empty'],
    ['incomplete', JSON.stringify({ jwtSecret: VALID.jwtSecret }), 'no valid "encryptionKey"'],
    ['wrong', JSON.stringify({ ...VALID, jwtSecret: 'short' }), 'no valid "jwtSecret"'],
  ])('stops on a %s file, naming it and what to do, and leaves it as it was', (_what, content, why) => {
    writeFileSync(file(), content);
    let error: unknown;
    try {
      resolveSecrets(dir, {});
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(file());
    expect(message).toContain(why);
    expect(message).toMatch(/will not replace it/);
    expect(message).toMatch(/restore the file from a backup/);
    expect(message).toMatch(/JWT_SECRET and ENCRYPTION_KEY/);
    expect(readFileSync(file(), 'utf8')).toBe(content);
  });

  it('stops on a file it cannot read', () => {
    // A directory where the file should be: unreadable as a file even for root.
    mkdirSync(file());
    expect(() => resolveSecrets(dir, {})).toThrow(/cannot be read \(EISDIR\)/);
  });

  it('stops the app before it opens anything', async () => {
    writeFileSync(file(), 'not json');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, JOBS_ENABLED: 'false' });
    await expect(buildApp({ config, logger: false })).rejects.toThrow(/secrets\.json is unusable/);
    expect(() => statSync(path.join(dir, 'pglite'))).toThrow();
  });
});
