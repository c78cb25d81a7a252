import type { Readable } from 'node:stream';
import { FILE_ERRORS } from '@stratos/contracts/files/upload.schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ByteRange, StorageDriver } from '../../storage/storage-driver';
import type { DownloadableFile, DownloadRepository } from './download.repository';
import { DOWNLOAD_TOKEN_TTL_SECONDS, type DownloadTokens } from './download-token';
import type { TransfersRepository } from './transfers.repository';
import { normalizeMimeType } from './upload.service';

export const fileNotFound = () => new AppError(404, 'NOT_FOUND', FILE_ERRORS.FILE_NOT_FOUND);
/** 416, with the size the Content-Range header of the reply must carry. */
export class RangeNotSatisfiableError extends AppError {
  constructor(readonly size: number) {
    super(416, 'RANGE_NOT_SATISFIABLE', FILE_ERRORS.RANGE_NOT_SATISFIABLE);
  }
}

const invalidToken = () => new AppError(401, 'INVALID_DOWNLOAD_TOKEN', FILE_ERRORS.INVALID_DOWNLOAD_TOKEN);

export interface DownloadDeps {
  files: Pick<DownloadRepository, 'findLive'>;
  transfers: Pick<TransfersRepository, 'record'>;
  tokens: DownloadTokens;
  storage: StorageDriver;
  clock: Clock;
}

export interface OpenedDownload {
  status: 200 | 206;
  headers: Record<string, string>;
  /** Bytes the body will carry. */
  length: number;
  body: Readable;
  userId: string;
  fileId: string;
}

/** Download links (a token scoped to one file and user, 5 minutes) and the streamed download. */
export class DownloadService {
  constructor(private readonly deps: DownloadDeps) {}

  async createLink(userId: string, fileId: string): Promise<{ url: string; expiresAt: string }> {
    if (!(await this.deps.files.findLive(userId, fileId))) throw fileNotFound();
    const expiresAt = Math.floor(this.deps.clock.now().getTime() / 1000) + DOWNLOAD_TOKEN_TTL_SECONDS;
    const token = this.deps.tokens.sign({ userId, fileId, expiresAt });
    return {
      url: `/api/files/${fileId}/download?token=${encodeURIComponent(token)}`,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
    };
  }

  /**
   * Checks the token against this file, then opens the bytes (a single range when asked).
   * 401 for a bad, expired or other file's token; 404 when the file is gone; 416 for a range
   * outside the file.
   */
  async open(fileId: string, token: string, rangeHeader: string | undefined): Promise<OpenedDownload> {
    const now = Math.floor(this.deps.clock.now().getTime() / 1000);
    const check = this.deps.tokens.verify(token, fileId, now);
    if (!check.ok) throw invalidToken();
    const file = await this.deps.files.findLive(check.userId, fileId);
    if (!file) throw fileNotFound();
    const range = parseRange(rangeHeader, file.size);
    if (range === 'unsatisfiable') {
      throw new RangeNotSatisfiableError(file.size);
    }
    const headers = downloadHeaders(file);
    // An empty file has no byte to range over: the whole (empty) body.
    const body = await this.deps.storage.get(file.storageKey, range ?? undefined);
    if (range) {
      const length = range.end - range.start + 1;
      headers['content-range'] = `bytes ${range.start}-${range.end}/${file.size}`;
      headers['content-length'] = String(length);
      return { status: 206, headers, length, body, userId: check.userId, fileId };
    }
    headers['content-length'] = String(file.size);
    return { status: 200, headers, length: file.size, body, userId: check.userId, fileId };
  }

  /** One transfer row per download, with the bytes that actually went out. */
  recordTransfer(userId: string, fileId: string, bytes: number): Promise<void> {
    return this.deps.transfers.record({ userId, fileId, bytes, kind: 'download' });
  }
}

function downloadHeaders(file: DownloadableFile): Record<string, string> {
  return {
    'content-type': normalizeMimeType(file.mimeType),
    'accept-ranges': 'bytes',
    'content-disposition': contentDisposition(file.name),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
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
