import { describe, expect, it } from 'vitest';
import { sanitizeRedirect } from './safe-redirect';

describe('sanitizeRedirect', () => {
  it.each([
    ['/files', '/files'],
    ['files', '/files'],
    ['/files/', '/files'],
    ['//evil.com', '/evil.com'],
    ['/\\evil.com', '/evil.com'],
    ['/a//b///c', '/a/b/c'],
    ['/../../etc/passwd', '/etc/passwd'],
    ['/a/../b', '/a/b'],
    ['/fi\0les', '/files'],
    ['/', '/'],
    ['/upgrade?plan=pro', '/upgrade?plan=pro'],
    ['https://evil.com/x', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['', '/dashboard'],
    [null, '/dashboard'],
    [undefined, '/dashboard'],
  ])('%s -> %s', (input, expected) => {
    expect(sanitizeRedirect(input)).toBe(expected);
  });
});
