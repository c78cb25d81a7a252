import { randomBytes } from 'node:crypto';
import { maskSecret } from '@stratos/contracts/ai/providers.schema';
import { describe, expect, it } from 'vitest';
import { checkBaseUrl, isPublicAddress } from './base-url-rule';
import { SecretBox } from './secret-box';

describe('SecretBox (AES-256-GCM)', () => {
  const key = randomBytes(32).toString('hex');
  it('round-trips and never stores the plain text', () => {
    const box = new SecretBox(key);
    const sealed = box.seal('sk-secret-value-1234');
    expect(sealed).not.toContain('sk-secret');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed)).toBe('sk-secret-value-1234');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });
  it('refuses a tampered ciphertext and another key', () => {
    const box = new SecretBox(key);
    const sealed = box.seal('sk-secret-value-1234');
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3] as string, 'base64url');
    data[0] = (data[0] as number) ^ 1;
    parts[3] = data.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox(randomBytes(32).toString('hex')).open(sealed)).toThrow();
  });
});

describe('maskSecret', () => {
  it('shows a short prefix and the last four characters only', () => {
    expect(maskSecret('sk-abcdefghijklmnop1234')).toBe('sk-…1234');
    expect(maskSecret('short')).toBe('••••');
  });
});

describe('base-URL rule', () => {
  const ollama = 'http://10.0.0.5:11434';
  const resolveTo =
    (...addrs: string[]) =>
    async () =>
      addrs;

  it('classifies addresses', () => {
    for (const a of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fc00::1',
      '0.0.0.0',
      '100.64.0.1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['93.184.216.34', '2606:2800:220:1::1']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('accepts a public host and trims the trailing slash', async () => {
    await expect(
      checkBaseUrl('https://api.example.com/v1/', ollama, resolveTo('93.184.216.34')),
    ).resolves.toBe('https://api.example.com/v1');
    await expect(checkBaseUrl('https://93.184.216.34/v1', ollama)).resolves.toBe('https://93.184.216.34/v1');
  });

  it('refuses private, loopback and link-local targets, by literal or by name', async () => {
    for (const url of [
      'http://127.0.0.1:8080',
      'http://[::1]/v1',
      'http://169.254.169.254/latest',
      'http://192.168.0.10',
    ]) {
      await expect(checkBaseUrl(url, ollama), url).rejects.toMatchObject({
        statusCode: 400,
        code: 'AI_BASE_URL_PRIVATE',
      });
    }
    await expect(
      checkBaseUrl('https://internal.example.com', ollama, resolveTo('10.0.0.8')),
    ).rejects.toMatchObject({
      code: 'AI_BASE_URL_PRIVATE',
    });
    // One private address among public ones is enough to refuse (DNS rebinding between them).
    await expect(
      checkBaseUrl('https://mixed.example.com', ollama, resolveTo('93.184.216.34', '127.0.0.1')),
    ).rejects.toMatchObject({ code: 'AI_BASE_URL_PRIVATE' });
  });

  it('allows the configured Ollama host, and only it', async () => {
    await expect(checkBaseUrl('http://10.0.0.5:11434', ollama)).resolves.toBe('http://10.0.0.5:11434');
    await expect(checkBaseUrl('http://10.0.0.5:9999', ollama)).rejects.toMatchObject({
      code: 'AI_BASE_URL_PRIVATE',
    });
  });

  it('refuses other schemes and credentials in the URL', async () => {
    for (const url of [
      'ftp://93.184.216.34',
      'file:///etc/passwd',
      'not a url',
      'https://u:p@93.184.216.34',
    ]) {
      await expect(checkBaseUrl(url, ollama), url).rejects.toMatchObject({ code: 'AI_BASE_URL_INVALID' });
    }
  });
});
