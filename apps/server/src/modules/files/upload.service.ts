import type { Readable } from 'node:stream';
import { FILE_NAME_MAX, type FileItem, fileNameSchema } from '@stratos/contracts/files/file.schema';
import { FILE_ERRORS } from '@stratos/contracts/files/upload.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Metrics, UploadVia } from '../../plugins/metrics/metrics';
import { StorageFullError } from '../../storage/storage-driver';
import { analysisServicesFor, type UploadAnalysisHook } from '../ai/analysis/analysis-services';
import { fileIndexServicesFor, type UploadIndexHook } from '../ai/file-index/file-index-services';
import { PrepaidUploadGate } from '../billing/credits/prepaid-upload-gate';
import type { UploadWorkflowHook } from '../workflows/workflow-runs.service';
import { workflowServicesFor } from '../workflows/workflow-services';
import { BlobStore, StreamTooLargeError, type TempObject } from './blob-store.service';
import { FileCommitRepository } from './file-commit.repository';
import { folderPath, toFileItem } from './file-item';
import { QuotaService, type Reservation } from './quota.service';
import { StorageAccountsRepository } from './storage-accounts.repository';
import { UploadReservationsRepository } from './upload-reservations.repository';
import { UploadSettings } from './upload-settings';

export const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'FILE_TOO_LARGE', FILE_ERRORS.FILE_TOO_LARGE(maxBytes));
export const folderNotFound = () => new AppError(404, 'NOT_FOUND', FILE_ERRORS.FOLDER_NOT_FOUND);
export const storageFull = () => new AppError(507, 'STORAGE_FULL', FILE_ERRORS.STORAGE_FULL);

export interface UploadDeps {
  db: Db;
  blobs: BlobStore;
  quota: QuotaService;
  accounts: Pick<StorageAccountsRepository, 'commitUpload'>;
  commits: FileCommitRepository;
  settings: Pick<UploadSettings, 'maxUploadBytes'>;
  /** Refuses an upload before any quota is held (a prepaid account with no credits: 402). */
  gate?: Pick<PrepaidUploadGate, 'assertCanUpload'>;
  /** Queues a readable file for AI analysis in the commit's transaction. */
  analysis?: UploadAnalysisHook;
  /** Queues a readable file for the file text index (chat answers, content search), likewise. */
  fileIndex?: UploadIndexHook;
  /** Queues a run of each upload-triggered workflow the file matches, likewise (issue 18). */
  workflows?: UploadWorkflowHook;
  /** Where a full disk is reported: the user sees 507, the operator needs the cause. */
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** Counts stored uploads and their bytes (Prometheus). */
  metrics?: Pick<Metrics, 'uploaded'>;
}

export interface CommitRequest {
  userId: string;
  temp: TempObject;
  /** As the client sent it; sanitised here. */
  name: string;
  mimeType?: string | null;
  folderId?: string | null;
  reservation: Reservation;
  /** The protocol that brought the bytes, for the metrics; multipart unless said. */
  via?: UploadVia;
}

export interface UploadResult {
  file: FileItem;
  /**
   * The uploader already holds these bytes in another of their files. Content shared with other
   * accounts is stored once too, but that is never revealed: for them it reads false.
   */
  deduplicated: boolean;
}

/** The service as the app runs it. */
export function createUploadService(ctx: AppContext): UploadService {
  const db = ctx.database.db;
  return new UploadService({
    db,
    blobs: new BlobStore(db, ctx.storage, ctx.log, ctx.instance.id),
    quota: new QuotaService(
      new UploadReservationsRepository(db),
      ctx.clock,
      ctx.instance.id,
      ctx.config.uploadReservationTtlMs,
      ctx.log,
    ),
    accounts: new StorageAccountsRepository(db),
    commits: new FileCommitRepository(),
    settings: new UploadSettings(db, ctx.config.maxUploadBytes),
    gate: new PrepaidUploadGate(db),
    analysis: analysisServicesFor(ctx).upload,
    fileIndex: fileIndexServicesFor(ctx).upload,
    workflows: workflowServicesFor(ctx).upload,
    log: ctx.log,
    metrics: ctx.metrics,
  });
}

/**
 * Turns a stream of bytes into a user's file: cap and quota first, then hashing while the bytes
 * stream to a temporary object, then one transaction for blob, file row and storage totals.
 * Used by the multipart route and by the tus server alike.
 */
export class UploadService {
  constructor(private readonly deps: UploadDeps) {}

  maxUploadBytes(): Promise<number> {
    return this.deps.settings.maxUploadBytes();
  }

  /**
   * Holds `bytes` of the owner's quota for an upload (413 QUOTA_EXCEEDED when it would overshoot).
   * `keepAlive`: renewed by this process until committed or abandoned (an upload in one request).
   */
  async reserve(userId: string, bytes: number, opts: { keepAlive?: boolean } = {}): Promise<Reservation> {
    await this.deps.gate?.assertCanUpload(userId);
    return this.deps.quota.reserve(userId, bytes, opts);
  }

  /** How long a reservation lasts unless renewed. */
  reservationTtlMs(): number {
    return this.deps.quota.ttlMs;
  }

  /** The time reservations are reckoned by, in ms (the app's clock). */
  reservationClockMs(): number {
    return this.deps.quota.nowMs();
  }

  /** A resumable upload's bytes are arriving: its reservation lives on (413 if it lapsed and no room is left). */
  refreshReservation(reservation: Reservation): Promise<void> {
    return this.deps.quota.refresh(reservation);
  }

  async assertFolder(userId: string, folderId: string | null | undefined): Promise<void> {
    if (folderId && !(await this.deps.commits.folderIsOwned(this.deps.db, userId, folderId))) {
      throw folderNotFound();
    }
  }

  /**
   * Streams into a temporary object; 413 FILE_TOO_LARGE past `maxBytes`, 507 STORAGE_FULL when
   * the storage has no room (nothing kept either way).
   */
  async receive(source: Readable, maxBytes: number): Promise<TempObject> {
    try {
      return await this.deps.blobs.writeTemp(source, maxBytes);
    } catch (err) {
      if (err instanceof StreamTooLargeError) throw fileTooLarge(maxBytes);
      throw this.fullOr(err);
    }
  }

  /** A full storage as the 507 the client sees, its cause in the log. */
  private fullOr(err: unknown): unknown {
    if (!(err instanceof StorageFullError)) return err;
    this.deps.log?.error({ err: err.cause ?? err }, 'storage is full: an upload was refused');
    return storageFull();
  }

  /**
   * Makes the temporary object a file of `userId`. The folder is checked inside the
   * transaction (it may have arrived after the bytes, or been deleted meanwhile).
   */
  async commit(req: CommitRequest): Promise<UploadResult> {
    const name = sanitizeFileName(req.name);
    const mimeType = normalizeMimeType(req.mimeType);
    const folderId = req.folderId ?? null;
    let queued = false;
    let queuedIndex = false;
    let queuedRuns = false;
    /** Whether this user already had the content: whether anyone else has it is never told. */
    let ownCopy = false;
    const committed = this.deps.blobs.commitTemp(req.temp, async (tx, linked) => {
      if (folderId && !(await this.deps.commits.folderIsOwned(tx, req.userId, folderId))) {
        throw folderNotFound();
      }
      const file = await this.deps.commits.insertFile(tx, {
        ownerId: req.userId,
        folderId,
        name,
        mimeType,
        size: req.temp.size,
        blobId: linked.id,
        checksum: req.temp.sha256,
      });
      queued = (await this.deps.analysis?.queueInTx(tx, file)) ?? false;
      queuedIndex = (await this.deps.fileIndex?.queueInTx(tx, file)) ?? false;
      queuedRuns = (await this.deps.workflows?.queueInTx(tx, file)) ?? false;
      // Only when the bytes were already stored (by anyone): no extra query for new content.
      if (linked.deduplicated)
        ownCopy = await this.deps.commits.ownsContent(tx, req.userId, linked.id, file.id);
      await this.deps.quota.settle(tx, req.reservation, req.temp.size);
      await this.deps.accounts.commitUpload(tx, req.userId, req.temp.size);
      return file;
    });
    const { value: row } = await committed.catch((err) => {
      throw this.fullOr(err);
    });
    this.deps.quota.settled(req.reservation);
    this.deps.metrics?.uploaded(req.via ?? 'multipart', req.temp.size);
    if (queued) this.deps.analysis?.kick();
    if (queuedIndex) this.deps.fileIndex?.kick();
    if (queuedRuns) this.deps.workflows?.kick();
    const path = await folderPath(this.deps.db, req.userId, folderId);
    return { file: toFileItem(row, path), deduplicated: ownCopy };
  }

  /**
   * A complete file on the storage's own disk, already hashed, taken over without copying (local
   * driver; else null).
   */
  async adoptFile(
    filePath: string,
    hashed: { sha256: string; size: number },
    maxBytes: number,
  ): Promise<TempObject | null> {
    try {
      return await this.deps.blobs.adoptFile(filePath, hashed, maxBytes);
    } catch (err) {
      if (err instanceof StreamTooLargeError) throw fileTooLarge(maxBytes);
      throw this.fullOr(err);
    }
  }

  /** S3: a finished tus upload's object, hashed as it arrived, taken over without a copy (else null). */
  async adoptObject(
    objectKey: string,
    hashed: { sha256: string; size: number },
    maxBytes: number,
  ): Promise<TempObject | null> {
    try {
      return await this.deps.blobs.adoptObject(objectKey, hashed, maxBytes);
    } catch (err) {
      if (err instanceof StreamTooLargeError) throw fileTooLarge(maxBytes);
      throw this.fullOr(err);
    }
  }

  releaseReservation(reservation: Reservation): Promise<void> {
    return this.deps.quota.release(reservation);
  }

  /** After a failure: the reservation back, the temporary bytes gone. */
  async abandon(reservation: Reservation | null, temp?: TempObject | null): Promise<void> {
    await Promise.all([
      this.deps.quota.release(reservation),
      temp ? this.deps.blobs.discard(temp) : Promise.resolve(),
    ]);
  }

  /**
   * The whole path for a source whose metadata is known up front (tus, tests): receive, then
   * commit; on failure nothing is kept and the reservation is released.
   */
  async storeStream(
    req: Omit<CommitRequest, 'temp'> & { source: Readable; maxBytes: number },
  ): Promise<UploadResult> {
    let temp: TempObject | null = null;
    try {
      temp = await this.receive(req.source, req.maxBytes);
      return await this.commit({ ...req, temp });
    } catch (err) {
      await this.abandon(req.reservation, temp);
      throw err;
    }
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A client's file name as display text: the last path segment only, no control or
 * bidirectional-override characters, trimmed, at most FILE_NAME_MAX characters (keeping the
 * extension), never '.' or '..'. The name is never used to build a storage path.
 */
export function sanitizeFileName(raw: string | null | undefined): string {
  let name = (raw ?? '').replace(CONTROL, '');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name.trim();
  if (name === '' || name === '.' || name === '..') return 'unnamed';
  const chars = Array.from(name);
  if (chars.length > FILE_NAME_MAX) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
    name =
      ext.length > 0 && ext.length <= 16
        ? chars.slice(0, FILE_NAME_MAX - ext.length).join('') + ext.join('')
        : chars.slice(0, FILE_NAME_MAX).join('');
    name = name.trim();
  }
  return fileNameSchema.safeParse(name).success ? name : 'unnamed';
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** `type/subtype` (parameters dropped, lower case), or application/octet-stream. */
export function normalizeMimeType(raw: string | null | undefined): string {
  const type = (raw ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return MIME.test(type) ? type : 'application/octet-stream';
}
