import type { Readable } from 'node:stream';
import type { StorageDriver } from '../../../storage/storage-driver';

/** The kinds of file the analysis can read. */
export type ReadableKind = 'text' | 'markdown' | 'csv' | 'json' | 'pdf' | 'docx';

const MIB = 1024 * 1024;
/** Bytes read of a text file (the start is enough for a model that sees ~8,000 characters). */
export const TEXT_BYTES_CAP = 2 * MIB;
/** A PDF or DOCX must be whole to be parsed; bigger ones are not analysed. */
export const DOCUMENT_BYTES_CAP = 20 * MIB;
/** Characters of extracted text sent to the model. */
export const MODEL_CHARS_CAP = 8000;

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** MIME types we read, and the kind each means. */
export const READABLE_MIME_TYPES: Record<string, ReadableKind> = {
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'application/json': 'json',
  'text/json': 'json',
  'application/pdf': 'pdf',
  [DOCX_MIME]: 'docx',
};

/** File name extensions we read (browsers often send application/octet-stream for .md or .csv). */
export const READABLE_EXTENSIONS: Record<string, ReadableKind> = {
  txt: 'text',
  text: 'text',
  md: 'markdown',
  markdown: 'markdown',
  csv: 'csv',
  json: 'json',
  pdf: 'pdf',
  docx: 'docx',
};

/** What kind of file this is for the analysis, by extension first (more specific), then MIME type; null: not readable. */
export function readableKind(name: string, mimeType: string): ReadableKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  // Own properties only: a file named x.constructor (or a MIME type of __proto__) is unreadable.
  const byExt = ext ? ownValue(READABLE_EXTENSIONS, ext) : undefined;
  const byMime = ownValue(READABLE_MIME_TYPES, mimeType.toLowerCase());
  // A file that says it is a PDF or DOCX is parsed as one, whatever its name.
  if (byMime === 'pdf' || byMime === 'docx') return byMime;
  return byExt ?? byMime ?? null;
}

const ownValue = <T>(table: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

export interface ExtractedText {
  /** The text asked for: at most MODEL_CHARS_CAP characters unless the caller set another cap. */
  text: string;
  charsAnalyzed: number;
  /** The file held more than was sent (bytes not read, or text cut). */
  truncated: boolean;
}

/** A file we cannot read: stored as status 'unsupported' with this message. */
export class UnreadableFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableFileError';
  }
}

export interface StoredFileRef {
  name: string;
  mimeType: string;
  size: number;
  storageKey: string;
}

/**
 * Reads the file's bytes (capped) through the storage driver and extracts its text, at most
 * `charsCap` characters of it (the model's share by default; the file index asks for all of it).
 */
export async function extractFileText(
  storage: StorageDriver,
  file: StoredFileRef,
  charsCap = MODEL_CHARS_CAP,
): Promise<ExtractedText> {
  const kind = readableKind(file.name, file.mimeType);
  if (!kind) throw new UnreadableFileError('This file type cannot be analysed');
  const isDocument = kind === 'pdf' || kind === 'docx';
  if (isDocument && file.size > DOCUMENT_BYTES_CAP) {
    throw new UnreadableFileError(
      `This ${kind.toUpperCase()} is too large to analyse (over ${DOCUMENT_BYTES_CAP / MIB} MiB)`,
    );
  }
  const cap = isDocument ? DOCUMENT_BYTES_CAP : TEXT_BYTES_CAP;
  const wanted = Math.min(file.size, cap);
  const bytes =
    wanted === 0
      ? Buffer.alloc(0)
      : await readAll(await storage.get(file.storageKey, { start: 0, end: wanted - 1 }), cap);
  return extractText(kind, bytes, file.size > bytes.length, charsCap);
}

/** Extracts text from bytes of a known kind; `cut`: the bytes are only the start of the file. */
export async function extractText(
  kind: ReadableKind,
  bytes: Buffer,
  cut = false,
  charsCap = MODEL_CHARS_CAP,
): Promise<ExtractedText> {
  let text: string;
  switch (kind) {
    case 'pdf':
      text = await pdfText(bytes);
      break;
    case 'docx':
      text = await docxText(bytes);
      break;
    case 'json':
      text = prettyJson(decodeText(bytes));
      break;
    case 'csv':
      text = describeCsv(decodeText(bytes), cut);
      break;
    default:
      text = decodeText(bytes);
  }
  text = tidyText(text);
  if (!text) throw new UnreadableFileError('No text was found in this file');
  // Counted in code points, so a cut never splits a character; a text under the cap in code units is whole.
  const sent = text.length <= charsCap ? text : Array.from(text).slice(0, charsCap).join('');
  return { text: sent, charsAnalyzed: sent.length, truncated: cut || sent.length < text.length };
}

async function readAll(stream: Readable, cap: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const b = chunk as Buffer;
    chunks.push(b);
    total += b.length;
    if (total >= cap) {
      stream.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, cap);
}

/** UTF-8 (a BOM dropped); bytes with NULs are binary, not text. */
function decodeText(bytes: Buffer): string {
  if (bytes.subarray(0, 8192).includes(0)) throw new UnreadableFileError('This file does not contain text');
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/** Line endings unified, trailing spaces and runs of blank lines dropped. */
function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Indented JSON reads better for a model; text that does not parse (or was cut) goes as it is. */
function prettyJson(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

/** The columns and row count first, then the rows. */
function describeCsv(raw: string, cut: boolean): string {
  const lines = raw.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) return '';
  const header = lines[0] ?? '';
  const rows = lines.length - 1;
  return `CSV columns: ${header}\nData rows: ${cut ? `more than ${rows}` : rows}\n\n${raw}`;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { extractText: pdfExtract, getDocumentProxy } = await import('unpdf');
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      const { text } = await pdfExtract(pdf, { mergePages: true });
      return text;
    } finally {
      await pdf.loadingTask.destroy();
    }
  } catch (err) {
    throw new UnreadableFileError(`This PDF could not be read (${shortReason(err)})`);
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  try {
    const { value } = await mammoth.extractRawText({ buffer: bytes });
    return value;
  } catch (err) {
    throw new UnreadableFileError(`This DOCX could not be read (${shortReason(err)})`);
  }
}

function shortReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0]?.slice(0, 160) ?? 'unknown error';
}
