import { describe, expect, it } from 'vitest';
import { fileCategory, foldFileTypes } from './stats.categories';

describe('fileCategory', () => {
  it.each([
    ['image/png', 'image'],
    ['image/svg+xml', 'image'],
    ['video/mp4', 'video'],
    ['audio/mpeg', 'audio'],
    ['application/pdf', 'document'],
    ['text/plain; charset=utf-8', 'document'],
    ['text/markdown', 'document'],
    ['text/csv', 'document'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document'],
    ['application/vnd.ms-excel', 'document'],
    ['application/vnd.oasis.opendocument.text', 'document'],
    ['application/zip', 'archive'],
    ['application/x-7z-compressed', 'archive'],
    ['application/gzip', 'archive'],
    ['application/json', 'code'],
    ['text/javascript', 'code'],
    ['text/x-python', 'code'],
    ['text/html', 'code'],
    ['application/vnd.api+json', 'code'],
    ['application/octet-stream', 'other'],
    ['', 'other'],
    ['APPLICATION/PDF', 'document'],
  ])('%s -> %s', (mime, category) => {
    expect(fileCategory(mime)).toBe(category);
  });
});

describe('foldFileTypes', () => {
  it('sums MIME rows per category and lists every category', () => {
    const out = foldFileTypes([
      { mimeType: 'image/png', count: 2, size: 100 },
      { mimeType: 'image/jpeg', count: 1, size: 50 },
      { mimeType: 'application/pdf', count: 3, size: 900 },
    ]);
    expect(out).toEqual({
      image: { count: 3, size: 150 },
      video: { count: 0, size: 0 },
      audio: { count: 0, size: 0 },
      document: { count: 3, size: 900 },
      archive: { count: 0, size: 0 },
      code: { count: 0, size: 0 },
      other: { count: 0, size: 0 },
    });
  });
});
