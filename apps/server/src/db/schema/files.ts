import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Content-addressed bytes: one row per distinct SHA-256 per storage backend, shared by every file
 * with that content and reference-counted; the bytes live in the storage driver under `storageKey`.
 */
export const blobs = pgTable(
  'blobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    backend: text('backend').notNull(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    refCount: integer('ref_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blobs_backend_sha_uq').on(t.backend, t.sha256),
    // The orphan collector asks which listed storage keys have a row.
    index('blobs_backend_key_idx').on(t.backend, t.storageKey),
    // Blobs no file references any more (their bytes are collected), normally none.
    index('blobs_unreferenced_idx').on(t.id).where(sql`${t.refCount} <= 0`),
  ],
);

export const folders = pgTable(
  'folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the folder is in the recycle bin. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Items deleted together share a batch, so a restore brings back exactly what went together. */
    deleteBatch: uuid('delete_batch'),
  },
  (t) => [
    index('folders_owner_parent_idx').on(t.ownerId, t.parentId, t.name),
    index('folders_owner_binned_idx').on(t.ownerId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('folders_delete_batch_idx').on(t.deleteBatch).where(sql`${t.deleteBatch} is not null`),
    uniqueIndex('folders_live_name_uq')
      .on(t.ownerId, sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.name)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id'),
    /** Display name only; never used to build a storage path. */
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    blobId: uuid('blob_id')
      .notNull()
      .references(() => blobs.id),
    checksum: text('checksum').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deleteBatch: uuid('delete_batch'),
  },
  (t) => [
    // One index per sortable column within a folder, so any sort pages without a full scan. Each
    // ends with id (the stable tiebreak: 25k files of one type otherwise need a sort per page) and
    // holds live files only, which is all a listing reads. Names sort case-insensitively.
    index('files_owner_folder_name_idx')
      .on(t.ownerId, t.folderId, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('files_owner_folder_size_idx')
      .on(t.ownerId, t.folderId, t.size, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('files_owner_folder_created_idx')
      .on(t.ownerId, t.folderId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('files_owner_folder_type_idx')
      .on(t.ownerId, t.folderId, t.mimeType, t.id)
      .where(sql`${t.deletedAt} is null`),
    // Name search (ILIKE '%term%') of a user's live files: trigrams of the name beside the owner
    // (pg_trgm and btree_gin, migration 0015), so another account's names never enter the scan.
    index('files_owner_name_trgm_idx')
      .using('gin', t.ownerId, t.name.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    index('files_owner_created_idx').on(t.ownerId, t.createdAt),
    index('files_deleted_idx').on(t.deletedAt),
    index('files_blob_idx').on(t.blobId),
    // The recycle bin: a user's binned files, and the rows deleted together.
    index('files_owner_binned_idx').on(t.ownerId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('files_delete_batch_idx').on(t.deleteBatch).where(sql`${t.deleteBatch} is not null`),
  ],
);

/**
 * Live files per folder (folder_key = the folder id, or the nil uuid for a user's root), so a
 * listing's total is one primary-key read instead of counting 100,000 rows. Kept by statement
 * triggers on `files` (migration 0004), so every writer of `files` keeps it right without knowing.
 */
export const folderFileCounts = pgTable(
  'folder_file_counts',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderKey: uuid('folder_key').notNull(),
    liveFiles: integer('live_files').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.folderKey] })],
);

/**
 * Bytes a user holds. The row is also the lock that serialises a user's quota reservations, so
 * concurrent uploads cannot overshoot the quota.
 */
export const storageAccounts = pgTable('storage_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
  fileCount: integer('file_count').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Quota held by an upload in flight until it commits or fails. It counts against the quota only
 * while it is unexpired and its owner process (`instanceId`, server_instances) is alive: a
 * process that crashed holds nothing from the moment its death is known; a client that went
 * away holds it until the expiry, which a resumable upload pushes on as bytes arrive. Rows that
 * stopped counting are deleted by a job and by the sweep of dead processes.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The process working on the upload (for a resumable one: the last to receive its bytes). */
    instanceId: uuid('instance_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('upload_reservations_user_idx').on(t.userId, t.expiresAt),
    index('upload_reservations_expiry_idx').on(t.expiresAt),
    index('upload_reservations_instance_idx').on(t.instanceId),
  ],
);

/** Every change of a user's stored bytes, for storage-over-time charts. */
export const storageEvents = pgTable(
  'storage_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    deltaBytes: bigint('delta_bytes', { mode: 'number' }).notNull(),
    deltaFiles: integer('delta_files').notNull(),
    reason: text('reason', { enum: ['upload', 'purge'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('storage_events_user_idx').on(t.userId, t.createdAt)],
);

/** Bytes sent to users (downloads, shared-link downloads), for transfer figures and metering. */
export const transfers = pgTable(
  'transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    fileId: uuid('file_id'),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['download', 'share_download'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transfers_user_idx').on(t.userId, t.createdAt)],
);

export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').notNull(),
    /** SHA-256 of the opaque token in the link. */
    tokenHash: text('token_hash').notNull(),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    downloadCount: integer('download_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('share_links_token_uq').on(t.tokenHash),
    index('share_links_file_idx').on(t.fileId),
    index('share_links_owner_idx').on(t.ownerId, t.createdAt),
  ],
);

/** Periodic jobs: one row per job name; a node runs a job only while it holds the lease. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastStatus: text('last_status'),
  lastError: text('last_error'),
  progress: text('progress'),
});
