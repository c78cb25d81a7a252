import { formatByteSize } from '@stratos/contracts/files/upload.schema';
import { describe, expect, it } from 'vitest';
import { normalizeMimeType, sanitizeFileName } from './upload.service';

describe('sanitizeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\notes.txt', 'notes.txt'],
    ['/absolute/path/x.bin', 'x.bin'],
    ['a"\r\nSet-Cookie: x', 'a"Set-Cookie: x'],
    ['tab\there', 'tabhere'],
    ['nul\u0000byte', 'nulbyte'],
    ['rtl\u202Eexe.txt', 'rtlexe.txt'],
    ['  spaced  ', 'spaced'],
    ['..', 'unnamed'],
    ['.', 'unnamed'],
    ['dir/', 'unnamed'],
    ['', 'unnamed'],
    [null, 'unnamed'],
    // A '/' inside markup splits like any path separator: the last segment remains, as text.
    ['<script>alert(1)</script>', 'script>'],
    ['<b>bold</b>.html', 'b>.html'],
    ['<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    ['日本語のファイル.txt', '日本語のファイル.txt'],
  ])('%j -> %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('cuts long names to 255 characters, keeping the extension', () => {
    const name = sanitizeFileName(`${'x'.repeat(400)}.tar.gz`);
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith('.gz')).toBe(true);
    const emoji = sanitizeFileName(`${'😀'.repeat(300)}.png`);
    expect(Array.from(emoji)).toHaveLength(255);
    expect(emoji.endsWith('.png')).toBe(true);
  });
});

describe('normalizeMimeType', () => {
  it.each([
    ['image/png', 'image/png'],
    ['Image/PNG', 'image/png'],
    ['text/plain; charset=utf-8', 'text/plain'],
    [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['not a type', 'application/octet-stream'],
    ['text/html\r\nX: y', 'application/octet-stream'],
    ['', 'application/octet-stream'],
    [undefined, 'application/octet-stream'],
  ])('%j -> %j', (raw, expected) => {
    expect(normalizeMimeType(raw)).toBe(expected);
  });
});

describe('formatByteSize', () => {
  it.each([
    [104857600, '100 MB'],
    [65536, '64 KB'],
    [2048, '2 KB'],
    [1536, '1.5 KB'],
    [512, '512 B'],
    [5 * 1024 ** 3, '5 GB'],
    [1.25 * 1024 ** 3, '1.3 GB'],
  ])('%d -> %s', (bytes, text) => {
    expect(formatByteSize(bytes)).toBe(text);
  });
});
