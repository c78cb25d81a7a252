import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { App } from '../src/app';
import type { Db } from '../src/db/client';
import { blobs, files, folders } from '../src/db/schema/index';
import { BlobStore } from '../src/modules/files/blob-store.service';
import { StorageAccountsRepository } from '../src/modules/files/storage-accounts.repository';

export type FileRow = typeof files.$inferSelect;
export type FolderRow = typeof folders.$inferSelect;

/**
 * Rows inserted straight into the tables, for tests of listing, folders, the recycle bin and stats
 * that do not need real bytes. Real uploads go through POST /api/files/upload.
 */
export async function insertBlob(
  db: Db,
  fields: { size?: number; refCount?: number; sha256?: string; storageKey?: string } = {},
) {
  const sha256 = fields.sha256 ?? createHash('sha256').update(randomUUID()).digest('hex');
  const [row] = await db
    .insert(blobs)
    .values({
      backend: 'local',
      sha256,
      size: fields.size ?? 100,
      storageKey: fields.storageKey ?? `fixture/${sha256}`,
      refCount: fields.refCount ?? 1,
    })
    .returning();
  if (!row) throw new Error('no blob row');
  return row;
}

export interface FileFixture {
  ownerId: string;
  name: string;
  folderId?: string | null;
  size?: number;
  mimeType?: string;
  blobId?: string;
  createdAt?: Date;
  deletedAt?: Date | null;
  deleteBatch?: string | null;
}

/** Inserts files; each gets its own blob (ref 1) unless `blobId` is given. */
export async function insertFiles(db: Db, list: FileFixture[]): Promise<FileRow[]> {
  const out: FileRow[] = [];
  for (const f of list) {
    const size = f.size ?? 100;
    const blobId = f.blobId ?? (await insertBlob(db, { size })).id;
    const [row] = await db
      .insert(files)
      .values({
        ownerId: f.ownerId,
        folderId: f.folderId ?? null,
        name: f.name,
        mimeType: f.mimeType ?? 'application/octet-stream',
        size,
        blobId,
        checksum: createHash('sha256').update(f.name).digest('hex'),
        createdAt: f.createdAt ?? new Date(),
        deletedAt: f.deletedAt ?? null,
        deleteBatch: f.deleteBatch ?? null,
      })
      .returning();
    if (!row) throw new Error('no file row');
    out.push(row);
  }
  return out;
}

export async function insertFile(db: Db, f: FileFixture): Promise<FileRow> {
  const [row] = await insertFiles(db, [f]);
  if (!row) throw new Error('no file row');
  return row;
}

export async function insertFolder(
  db: Db,
  f: {
    ownerId: string;
    name: string;
    parentId?: string | null;
    deletedAt?: Date | null;
    deleteBatch?: string | null;
  },
): Promise<FolderRow> {
  const [row] = await db
    .insert(folders)
    .values({
      ownerId: f.ownerId,
      name: f.name,
      parentId: f.parentId ?? null,
      deletedAt: f.deletedAt ?? null,
      deleteBatch: f.deleteBatch ?? null,
    })
    .returning();
  if (!row) throw new Error('no folder row');
  return row;
}

/**
 * A file with real bytes, committed the way an upload commits it (BlobStore: content-addressed,
 * deduplicated; storage account and ledger updated), without going through HTTP.
 */
export async function storeFile(
  app: App,
  f: { ownerId: string; name: string; data: Buffer | string; folderId?: string | null; mimeType?: string },
): Promise<FileRow> {
  const db = app.ctx.database.db;
  const store = new BlobStore(db, app.ctx.storage);
  const accounts = new StorageAccountsRepository(db);
  const data = typeof f.data === 'string' ? Buffer.from(f.data) : f.data;
  const temp = await store.writeTemp(Readable.from([data]));
  const { value } = await store.commitTemp(temp, async (tx, blob) => {
    const [row] = await tx
      .insert(files)
      .values({
        ownerId: f.ownerId,
        folderId: f.folderId ?? null,
        name: f.name,
        mimeType: f.mimeType ?? 'application/octet-stream',
        size: temp.size,
        blobId: blob.id,
        checksum: temp.sha256,
        createdAt: app.ctx.clock.now(),
      })
      .returning();
    await accounts.commitUpload(tx, f.ownerId, temp.size);
    return row;
  });
  if (!value) throw new Error('no file row');
  return value;
}
