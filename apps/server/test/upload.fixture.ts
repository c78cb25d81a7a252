import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { blobs, files, storageAccounts } from '../src/db/schema/index';
import { UploadReservationsRepository } from '../src/modules/files/upload-reservations.repository';
import { LocalStorageDriver } from '../src/storage/local.driver';
import { S3_TEMP_PREFIX, S3StorageDriver } from '../src/storage/s3.driver';

export type FormPart =
  | { name: string; value: string; contentType?: string }
  | {
      name: string;
      data: Buffer;
      filename: string;
      contentType?: string;
      /** Send the name as RFC 5987 `filename*` (lets a test deliver any character). */
      filenameStar?: boolean;
    };

/** A multipart/form-data body built by hand, exactly as a browser would send it. */
export function multipart(parts: FormPart[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----stratos${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\n`;
    if ('data' in p) {
      const disposition = p.filenameStar
        ? `filename*=UTF-8''${encodeURIComponent(p.filename)}`
        : `filename="${p.filename.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
      head += `Content-Disposition: form-data; name="${p.name}"; ${disposition}\r\n`;
      if (p.contentType !== undefined) head += `Content-Type: ${p.contentType}\r\n`;
      chunks.push(Buffer.from(`${head}\r\n`), p.data, Buffer.from('\r\n'));
    } else {
      head += `Content-Disposition: form-data; name="${p.name}"\r\n`;
      if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
      chunks.push(Buffer.from(`${head}\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** POST /api/files/upload through app.inject with one file part (and optional fields). */
export function upload(
  app: App,
  auth: { authorization: string },
  file: { data: Buffer; filename?: string; contentType?: string; filenameStar?: boolean },
  fields: { before?: FormPart[]; after?: FormPart[] } = {},
) {
  const form = multipart([
    ...(fields.before ?? []),
    {
      name: 'file',
      data: file.data,
      filename: file.filename ?? 'file.bin',
      contentType: file.contentType ?? 'application/octet-stream',
      filenameStar: file.filenameStar,
    },
    ...(fields.after ?? []),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/files/upload',
    headers: { ...auth, ...form.headers },
    payload: form.body,
  });
}

/** Temporary objects the storage driver still holds (should be none once an upload settled). */
export async function tempObjects(app: App): Promise<number> {
  const storage = app.ctx.storage;
  if (storage instanceof LocalStorageDriver) return (await readdir(storage.tempDir)).length;
  if (storage instanceof S3StorageDriver) {
    const res = await storage.client.send(
      new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: S3_TEMP_PREFIX }),
    );
    return res.KeyCount ?? 0;
  }
  throw new Error('unknown driver');
}

/** What a user holds in the database: files, blobs referenced by them, and the storage account. */
export async function storageState(app: App, userId: string) {
  const db = app.ctx.database.db;
  const fileRows = await db.select().from(files).where(eq(files.ownerId, userId));
  const account = (await db.select().from(storageAccounts).where(eq(storageAccounts.userId, userId)))[0];
  const allBlobs = await db.select().from(blobs);
  return {
    files: fileRows,
    blobs: allBlobs,
    usedBytes: Number(account?.usedBytes ?? 0),
    /** What the user's unexpired quota reservations hold. */
    reservedBytes: await new UploadReservationsRepository(db).heldBytes(userId, app.ctx.clock.now()),
    fileCount: account?.fileCount ?? 0,
  };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A request over a real socket (the app must be listening): the body is written chunk by chunk,
 * and `abortAfter` destroys the connection once that many body bytes were sent.
 */
export function rawRequest(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string | number>;
    chunks?: Buffer[];
    abortAfter?: number;
  },
): Promise<RawResponse | 'aborted'> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'POST', headers: opts.headers });
    let settled = false;
    const done = (v: RawResponse | 'aborted') => {
      if (!settled) {
        settled = true;
        resolve(v);
      }
    };
    req.on('response', (res) => {
      const body: Buffer[] = [];
      res.on('data', (c: Buffer) => body.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(body) }),
      );
      res.on('error', () => done('aborted'));
    });
    req.on('error', (err) => {
      if (opts.abortAfter !== undefined || settled) done('aborted');
      else reject(err);
    });
    (async () => {
      let sent = 0;
      for (const chunk of opts.chunks ?? []) {
        if (req.destroyed || settled) return;
        if (opts.abortAfter !== undefined && sent + chunk.length > opts.abortAfter) {
          req.write(chunk.subarray(0, opts.abortAfter - sent));
          await new Promise((r) => setTimeout(r, 50));
          req.destroy();
          done('aborted');
          return;
        }
        if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        sent += chunk.length;
      }
      req.end();
    })().catch(() => done('aborted'));
  });
}

/**
 * A tus request by `user` over a real socket to the app listening at `base` (`url` absolute, or a
 * path under it), with the protocol header and the body's length set.
 */
export async function tusCall(
  base: string,
  user: { headers: Record<string, string> },
  method: string,
  url: string,
  headers: Record<string, string | number>,
  body?: Buffer,
): Promise<RawResponse> {
  const res = await rawRequest(url.startsWith('http') ? url : `${base}${url}`, {
    method,
    headers: {
      'tus-resumable': '1.0.0',
      ...user.headers,
      ...headers,
      ...(body ? { 'content-length': body.length } : {}),
    },
    chunks: body ? [body] : [],
  });
  if (res === 'aborted') throw new Error('aborted');
  return res;
}

/** Polls until `check` passes (the server settles an aborted upload asynchronously). */
export async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() - start > timeoutMs) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
