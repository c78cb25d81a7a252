import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { storableProblem, TEXT_MESSAGES } from '@stratos/contracts/common/text.schema';
import { FILE_ERRORS, tusUploadMetadataSchema } from '@stratos/contracts/files/upload.schema';
import { Server, type Upload } from '@tus/server';
import { storageFullOrS3 } from '../../storage/s3.driver';
import { isStorageFull, StorageFullError } from '../../storage/storage-driver';
import type { Reservation } from './quota.service';

/** The tus protocol's side of resumable uploads: ids, metadata, error bodies (tus.service.ts uses them). */
/** Upload ids in URLs: 32 hex characters (tus' default naming). */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** S3: partial uploads live under this prefix of the bucket. */
export const S3_TUS_PREFIX = 'tus/';

/** Metadata keys the server sets on an upload; a client cannot choose them. */
export const OWNER = 'stratos-owner';
export const RESERVED = 'stratos-reserved';
export const RESERVATION = 'stratos-reservation';

export type TusError = { status_code: number; body: string };
export type TusRequest = Parameters<
  NonNullable<ConstructorParameters<typeof Server>[0]['onIncomingRequest']>
>[0];

export const errorBody = (code: string, message: string) =>
  JSON.stringify({ success: false, error: { code, message } });
export const tusError = (status: number, code: string, message: string): TusError => ({
  status_code: status,
  body: errorBody(code, message),
});
export const uploadNotFound = () => tusError(404, 'NOT_FOUND', 'Upload not found');

/** The tus store's own writes (a file on disk, parts in S3) found no room. */
export const outOfSpace = (err: unknown) =>
  isStorageFull(err) || storageFullOrS3(err) instanceof StorageFullError;

/** tus' own error answers are plain text; ours (the JSON envelope) say so in their Content-Type. */
export class JsonErrorServer extends Server {
  override write(...args: Parameters<Server['write']>): ReturnType<Server['write']> {
    const [, headers, status, body] = args;
    if (status >= 400 && body?.startsWith('{'))
      headers.set('Content-Type', 'application/json; charset=utf-8');
    return super.write(...args);
  }
}

/**
 * The client's Upload-Metadata (values base64-decoded by tus): every value, even of a key we do not
 * read, must be text the database can store; 400 names the key.
 */
export function parseMetadata(raw: Record<string, string | null>) {
  for (const [key, value] of Object.entries(raw)) {
    const problem = value === null ? null : storableProblem(value);
    if (problem) throw tusError(400, 'VALIDATION_ERROR', `Upload-Metadata ${key}: ${TEXT_MESSAGES[problem]}`);
  }
  const meta = tusUploadMetadataSchema.safeParse(raw);
  if (!meta.success) {
    const issue = meta.error.issues[0];
    const key = issue?.path.join('.');
    throw tusError(
      400,
      'VALIDATION_ERROR',
      key ? `${FILE_ERRORS.INVALID_METADATA}: ${key}` : FILE_ERRORS.INVALID_METADATA,
    );
  }
  return meta;
}

export function reservationOf(upload: Upload): Reservation {
  return {
    // An upload created before reservations had ids: a fresh one, so a renewal holds its bytes
    // (until it expires) and the commit checks the quota afresh.
    id: upload.metadata?.[RESERVATION] || randomUUID(),
    userId: upload.metadata?.[OWNER] ?? '',
    bytes: Number(upload.metadata?.[RESERVED] ?? 0) || 0,
    settled: false,
  };
}

export function nodeRequest(req: unknown): IncomingMessage | undefined {
  return (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

export function randomHex(): string {
  return randomBytes(16).toString('hex');
}
