import type { Readable } from 'node:stream';
import { FILE_ERRORS } from '@stratos/contracts/files/upload.schema';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ByteRange, StorageDriver } from '../../storage/storage-driver';
import { normalizeMimeType } from './upload.service';

/** What a download needs to know of a stored file. */
export interface StoredFile {
  name: string;
  mimeType: string;
  size: number;
  storageKey: string;
}

/** A file's bytes ready to send: status, headers and body, a single range when one was asked for. */
export interface FileResponse {
  status: 200 | 206;
  headers: Record<string, string>;
  /** Bytes the body will carry. */
  length: number;
  body: Readable;
  /** The body starts at the file's first byte. */
  fromStart: boolean;
}

/** 416, with the size the Content-Range header of the reply must carry (set by `sendFile`). */
export class RangeNotSatisfiableError extends AppError {
  constructor(readonly size: number) {
    super(416, 'RANGE_NOT_SATISFIABLE', FILE_ERRORS.RANGE_NOT_SATISFIABLE);
  }
}

/**
 * The one place a download's reply is built, for the owner's download and a public share alike:
 * an attachment (never rendered inline) with a safe file name, no content sniffing, no caching,
 * and single byte ranges. 416 for a range outside the file.
 */
export async function openFileResponse(
  storage: StorageDriver,
  file: StoredFile,
  rangeHeader: string | undefined,
): Promise<FileResponse> {
  const range = parseRange(rangeHeader, file.size);
  if (range === 'unsatisfiable') throw new RangeNotSatisfiableError(file.size);
  const headers: Record<string, string> = {
    'content-type': normalizeMimeType(file.mimeType),
    'accept-ranges': 'bytes',
    'content-disposition': contentDisposition(file.name),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
  // An empty file has no byte to range over: the whole (empty) body.
  const body = await storage.get(file.storageKey, range ?? undefined);
  if (range) {
    const length = range.end - range.start + 1;
    headers['content-range'] = `bytes ${range.start}-${range.end}/${file.size}`;
    headers['content-length'] = String(length);
    return { status: 206, headers, length, body, fromStart: range.start === 0 };
  }
  headers['content-length'] = String(file.size);
  return { status: 200, headers, length: file.size, body, fromStart: true };
}

/**
 * Sends what `open` opens, and once the response is over reports how many bytes went out (all of
 * them, or fewer when the client left early; nothing when it left before any). A 416 carries the
 * file's size in Content-Range.
 */
export async function sendFile<T extends FileResponse>(
  reply: FastifyReply,
  open: () => Promise<T>,
  onSent: (opened: T, bytes: number) => void,
): Promise<FastifyReply> {
  let opened: T;
  try {
    opened = await open();
  } catch (err) {
    if (err instanceof RangeNotSatisfiableError) reply.header('content-range', `bytes */${err.size}`);
    throw err;
  }
  // Count what goes out without another stream in the path: listen once Fastify pipes the body
  // into the response (not before, or the body would start flowing early).
  let sent = 0;
  reply.raw.once('pipe', (source) => {
    source.on('data', (chunk: Buffer) => {
      sent += chunk.length;
    });
  });
  reply.raw.once('close', () => {
    if (sent === 0 && !reply.raw.writableFinished) return;
    onSent(opened, sent);
  });
  reply.status(opened.status).headers(opened.headers);
  return reply.send(opened.body);
}

/**
 * `attachment; filename="<ascii>"; filename*=UTF-8''<utf-8>` (RFC 6266 / 5987). Quotes,
 * backslashes and control characters (CR/LF included) never reach the header.
 */
export function contentDisposition(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f"\\]/g, '').trim() || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * One `bytes=a-b`, `bytes=a-` or `bytes=-n` range. Anything else (several ranges, other units,
 * bad syntax) is ignored and the whole file is sent, as RFC 9110 allows.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (size === 0) return 'unsatisfiable';
  let start: number;
  let end: number;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(size - suffix, 0);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
    if (b !== '' && Number(b) < start) return null;
  }
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  return { start, end };
}
