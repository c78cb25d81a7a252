import { describe, expect, it } from 'vitest';
import { extensionOf, fileCategory, fileIconKind, friendlyType } from './file-kind';

describe('file kinds', () => {
  it('reads the MIME type first', () => {
    expect(fileIconKind('image/png', 'x.bin')).toBe('image');
    expect(fileIconKind('application/pdf')).toBe('pdf');
    expect(fileIconKind('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('sheet');
    expect(fileIconKind('application/zip')).toBe('archive');
    expect(fileIconKind('text/plain; charset=utf-8')).toBe('text');
  });

  it('falls back to the extension for generic types', () => {
    expect(fileIconKind('application/octet-stream', 'movie.MP4')).toBe('video');
    expect(fileIconKind('', 'notes.md')).toBe('text');
    expect(fileIconKind('application/octet-stream', 'blob')).toBe('other');
  });

  it('groups kinds into the analytics categories', () => {
    expect(fileCategory('application/pdf')).toBe('document');
    expect(fileCategory('text/csv')).toBe('document');
    expect(fileCategory('application/json')).toBe('code');
    expect(fileCategory('application/octet-stream', 'x')).toBe('other');
  });

  it('names types for people', () => {
    expect(friendlyType('image/png', 'cat.png')).toBe('PNG image');
    expect(friendlyType('application/pdf', 'a.pdf')).toBe('PDF document');
    expect(friendlyType('application/octet-stream', 'README')).toBe('File');
    expect(extensionOf('.env')).toBe('');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
  });
});
