import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { minimalDocx, minimalPdf } from '../../../../test/documents.fixture';
import type { ByteRange, StorageDriver } from '../../../storage/storage-driver';
import {
  extractFileText,
  extractText,
  MODEL_CHARS_CAP,
  readableKind,
  TEXT_BYTES_CAP,
  UnreadableFileError,
} from './text-extraction';

/** A storage driver holding one object, recording the ranges asked for. */
function storageWith(bytes: Buffer) {
  const ranges: (ByteRange | undefined)[] = [];
  const storage = {
    get: async (_key: string, range?: ByteRange) => {
      ranges.push(range);
      return Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]);
    },
  } as unknown as StorageDriver;
  return { storage, ranges };
}

describe('readableKind', () => {
  it('knows the types by extension and by MIME type', () => {
    expect(readableKind('notes.md', 'application/octet-stream')).toBe('markdown');
    expect(readableKind('notes.MD', 'text/plain')).toBe('markdown');
    expect(readableKind('data.csv', 'text/plain')).toBe('csv');
    expect(readableKind('x', 'application/json')).toBe('json');
    expect(readableKind('readme.txt', 'application/octet-stream')).toBe('text');
    expect(readableKind('scan', 'application/pdf')).toBe('pdf');
    expect(readableKind('letter.docx', 'application/octet-stream')).toBe('docx');
    // A file that says it is a PDF is parsed as one, whatever its name.
    expect(readableKind('report.txt', 'application/pdf')).toBe('pdf');
  });

  it('refuses what it cannot read', () => {
    expect(readableKind('photo.jpg', 'image/jpeg')).toBeNull();
    expect(readableKind('archive.zip', 'application/zip')).toBeNull();
    expect(readableKind('old.doc', 'application/msword')).toBeNull();
  });
});

describe('extractText', () => {
  it('reads plain text, dropping a BOM, CRLFs and runs of blank lines', async () => {
    const r = await extractText('text', Buffer.from('\uFEFFFirst line\r\n\r\n\r\n\r\nSecond line  \r\n'));
    expect(r).toEqual({ text: 'First line\n\nSecond line', charsAnalyzed: 23, truncated: false });
  });

  it('indents JSON and keeps JSON that does not parse as it is', async () => {
    const r = await extractText('json', Buffer.from('{"name":"Ada","tags":["a","b"]}'));
    expect(r.text).toBe('{\n  "name": "Ada",\n  "tags": [\n    "a",\n    "b"\n  ]\n}');
    expect((await extractText('json', Buffer.from('{"cut": [1, 2'))).text).toBe('{"cut": [1, 2');
  });

  it('describes a CSV by its columns and rows', async () => {
    const r = await extractText('csv', Buffer.from('date,amount\n2026-01-01,12\n2026-01-02,30\n'));
    expect(r.text).toBe(
      'CSV columns: date,amount\nData rows: 2\n\ndate,amount\n2026-01-01,12\n2026-01-02,30',
    );
  });

  it('reads the text of a PDF, every page', async () => {
    const pdf = minimalPdf(['Quarterly revenue grew by twelve percent.', 'Second page: costs (fixed).']);
    const r = await extractText('pdf', pdf);
    expect(r.text).toContain('Quarterly revenue grew by twelve percent.');
    expect(r.text).toContain('Second page: costs (fixed).');
    expect(r.truncated).toBe(false);
  });

  it('reads the text of a DOCX', async () => {
    const docx = minimalDocx(['Employment contract', 'Salary & benefits <confidential>']);
    const r = await extractText('docx', docx);
    expect(r.text).toBe('Employment contract\n\nSalary & benefits <confidential>');
  });

  it('cuts the text sent to the model and says so', async () => {
    const r = await extractText('text', Buffer.from('word '.repeat(4000)));
    expect(r.charsAnalyzed).toBe(MODEL_CHARS_CAP);
    expect(r.text).toHaveLength(MODEL_CHARS_CAP);
    expect(r.truncated).toBe(true);
  });

  it('refuses binary bytes, empty text, and broken documents as unreadable', async () => {
    await expect(extractText('text', Buffer.from([0x89, 0x50, 0x00, 0x01]))).rejects.toThrow(
      UnreadableFileError,
    );
    await expect(extractText('markdown', Buffer.from(' \n\n \t'))).rejects.toThrow(
      'No text was found in this file',
    );
    await expect(extractText('pdf', Buffer.from('not a pdf at all'))).rejects.toThrow(
      /This PDF could not be read/,
    );
    await expect(extractText('docx', Buffer.from('not a zip'))).rejects.toThrow(
      /This DOCX could not be read/,
    );
    await expect(extractText('pdf', minimalPdf(['']))).rejects.toThrow('No text was found in this file');
  });
});

describe('extractFileText', () => {
  it('reads at most the text cap of a big text file, and marks it truncated', async () => {
    const bytes = Buffer.alloc(TEXT_BYTES_CAP + 1000, 'a');
    const { storage, ranges } = storageWith(bytes);
    const r = await extractFileText(storage, {
      name: 'big.txt',
      mimeType: 'text/plain',
      size: bytes.length,
      storageKey: 'k',
    });
    expect(ranges).toEqual([{ start: 0, end: TEXT_BYTES_CAP - 1 }]);
    expect(r.truncated).toBe(true);
    expect(r.charsAnalyzed).toBe(MODEL_CHARS_CAP);
  });

  it('does not read a PDF over the document cap', async () => {
    const { storage, ranges } = storageWith(Buffer.alloc(0));
    await expect(
      extractFileText(storage, {
        name: 'a.pdf',
        mimeType: 'application/pdf',
        size: 21 * 1024 * 1024,
        storageKey: 'k',
      }),
    ).rejects.toThrow('This PDF is too large to analyse (over 20 MiB)');
    expect(ranges).toEqual([]);
  });

  it('refuses a type it does not read without touching storage', async () => {
    const { storage, ranges } = storageWith(Buffer.alloc(0));
    await expect(
      extractFileText(storage, { name: 'a.png', mimeType: 'image/png', size: 10, storageKey: 'k' }),
    ).rejects.toThrow(UnreadableFileError);
    expect(ranges).toEqual([]);
  });
});
