import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FILE_ID_HEADER, TUS_ENDPOINT } from '@stratos/contracts/files/upload.schema';
import type { S3Store } from '@tus/s3-store';
import { type DataStore, ERRORS, EVENTS, type Server, type Upload } from '@tus/server';
import type { StorageConfig } from '../../config';
import { markStorageChanged } from '../../events/storage-change-feed';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth-guard';
import { s3ClientConfig } from '../../storage/s3.driver';
import { tusS3 } from '../../storage/s3-sdk';
import type { TempObject } from './blob-store.service';
import type { Reservation } from './quota.service';
import { TusLocalStore } from './tus-local-store';
import { readPatchBodiesDirectly } from './tus-node-body';
import {
  errorBody,
  JsonErrorServer,
  nodeRequest,
  OWNER,
  outOfSpace,
  parseMetadata,
  RESERVATION,
  RESERVED,
  randomHex,
  reservationOf,
  S3_TUS_PREFIX,
  type TusError,
  type TusRequest,
  tusError,
  UPLOAD_ID,
  uploadNotFound,
} from './tus-protocol';
import { TusS3Hashing } from './tus-s3-hashing';
import { TusStoreFiles } from './tus-store';
import { fileTooLarge, storageFull, type UploadService } from './upload.service';

/**
 * Unfinished resumable uploads expire after a day; their quota reservation goes with them (and
 * lapses sooner, UPLOAD_RESERVATION_TTL_SECONDS after the last bytes arrived).
 */
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;
interface Logger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Resumable uploads (tus 1.0): the tus server stores the bytes of an upload in progress (on disk
 * under STORAGE_DIR/tus, or in the S3 bucket under tus/), and when the last byte arrives the
 * upload goes through the same hashing and commit as a multipart upload. The quota is reserved
 * when the upload is created. Every request needs the creator's bearer token (checked by the
 * route); another user's upload answers 404.
 */
export class TusUploads {
  readonly server: Server;
  readonly store: DataStore;
  private readonly prefix: string;
  /** Removing and listing what the store keeps. */
  private readonly files: TusStoreFiles;
  /** The signed-in user of each request in flight, set by the route before tus sees it. */
  private readonly users = new WeakMap<IncomingMessage, AuthUser>();
  /** Reservations of uploads being terminated, released once the termination went through. */
  private readonly terminating = new WeakMap<IncomingMessage, Reservation>();
  /** The upload a creation request made (and its reservation), until the request is answered. */
  private readonly created = new WeakMap<IncomingMessage, { id: string; reservation: Reservation }>();
  /** PATCH on local disk: the reservation's renewal (its error, or null), running while bytes are written. */
  private readonly renewals = new WeakMap<IncomingMessage, Promise<unknown>>();
  /** S3: the running hash of each upload's bytes as they stream through (null on local disk). */
  private readonly s3Hashing: TusS3Hashing | null = null;
  /**
   * When this process last made or renewed each upload's reservation (ms, the reservations'
   * clock), to renew at most every TTL/4: a reservation renewed since cannot have lapsed, so a
   * PATCH right after another (a 256 MiB upload is four) skips the database write.
   */
  private readonly renewedAt = new Map<string, number>();

  constructor(
    private readonly uploads: UploadService,
    storage: StorageConfig,
    private readonly log: Logger,
  ) {
    if (storage.driver === 's3' && storage.s3) {
      this.store = new (tusS3().S3Store)({
        partSize: 8 * 1024 * 1024,
        maxConcurrentPartUploads: 4,
        s3ClientConfig: { ...s3ClientConfig(storage.s3), bucket: storage.s3.bucket },
      });
      this.prefix = S3_TUS_PREFIX;
      this.s3Hashing = new TusS3Hashing(this.store as S3Store);
    } else {
      // No tus-level expiry: sweepExpired removes stale uploads (and releases their reservations),
      // and a finished upload's bytes leave the store before tus would look at them again.
      this.store = new TusLocalStore({ directory: path.join(storage.dir, 'tus') });
      this.prefix = '';
    }
    this.files = new TusStoreFiles(this.store, this.prefix, log);
    this.server = new JsonErrorServer({
      path: TUS_ENDPOINT,
      datastore: this.store,
      relativeLocation: true,
      exposedHeaders: [FILE_ID_HEADER],
      maxSize: () => this.uploads.maxUploadBytes(),
      namingFunction: () => `${this.prefix}${randomHex()}`,
      generateUrl: (_req, { path: base, id }) => `${base}/${id.slice(this.prefix.length)}`,
      getFileIdFromRequest: (_req, lastPath) =>
        lastPath && UPLOAD_ID.test(lastPath) ? `${this.prefix}${lastPath}` : undefined,
      onIncomingRequest: (req, id) => this.authorize(req, id),
      onUploadCreate: (req, upload) => this.create(req, upload),
      onUploadFinish: (req, upload) => this.finish(req, upload),
      onResponseError: (req, err) => this.mapError(req, err),
    });
    if (this.store instanceof TusLocalStore) {
      readPatchBodiesDirectly(this.server, this.store, nodeRequest, (req, upload, write) =>
        this.alongsideRenewal(req, upload, write),
      );
    }
    // Long PATCH requests: the reservation is renewed as the bytes arrive.
    this.server.on(EVENTS.POST_RECEIVE, (_req, upload) => {
      if (this.renewedRecently(upload.id)) return;
      this.renewedAt.set(upload.id, this.uploads.reservationClockMs());
      this.uploads
        .refreshReservation(reservationOf(upload))
        .catch((err) => this.log.warn({ err, id: upload.id }, 'tus: could not renew a reservation'));
    });
    this.server.on(EVENTS.POST_TERMINATE, (req, _res, id) => {
      this.renewedAt.delete(id);
      const node = nodeRequest(req);
      const reservation = node && this.terminating.get(node);
      if (reservation) {
        this.uploads
          .releaseReservation(reservation)
          .catch((err) => this.log.error({ err }, 'tus: release failed'));
      }
    });
  }

  /** Hands a request to tus on behalf of `user`. */
  handle(
    req: IncomingMessage,
    res: import('node:http').ServerResponse,
    user: AuthUser | null,
  ): Promise<void> {
    if (user) this.users.set(req, user);
    return this.server.handle(req, res);
  }

  private userOf(req: TusRequest): AuthUser {
    const node = nodeRequest(req);
    const user = node && this.users.get(node);
    if (!user) throw tusError(401, 'UNAUTHENTICATED', 'User not authenticated');
    return user;
  }

  /** Every request but creation: the upload must be the caller's. */
  private async authorize(req: TusRequest, id: string): Promise<void> {
    const user = this.userOf(req);
    if (req.method === 'POST') return;
    let upload: Upload;
    try {
      upload = await this.store.getUpload(id);
    } catch {
      throw uploadNotFound();
    }
    if (upload.metadata?.[OWNER] !== user.id) throw uploadNotFound();
    if (req.method === 'PATCH' && !this.renewedRecently(upload.id)) {
      const node = nodeRequest(req);
      // On local disk the renewal (a database write) runs while the bytes are written.
      if (node && this.store instanceof TusLocalStore)
        this.renewals.set(
          node,
          this.renew(upload).then(
            () => null,
            (err) => err,
          ),
        );
      else await this.renewOrDrop(upload);
    }
    if (req.method === 'DELETE') {
      const node = nodeRequest(req);
      if (node) this.terminating.set(node, reservationOf(upload));
    }
  }

  /**
   * More bytes are coming: the reservation's expiry moves on. When it lapsed and the quota has
   * no room left, the upload is dropped (it could never complete) and the PATCH answers 413.
   */
  private async renewOrDrop(upload: Upload): Promise<void> {
    try {
      await this.renew(upload);
    } catch (err) {
      await this.dropIfOverQuota(upload.id, err);
      throw err;
    }
  }

  private async renew(upload: Upload): Promise<void> {
    const at = this.uploads.reservationClockMs();
    await this.uploads.refreshReservation(reservationOf(upload));
    this.renewedAt.set(upload.id, at);
  }

  /** This process made or renewed the upload's reservation less than a quarter of its TTL ago. */
  private renewedRecently(id: string): boolean {
    const last = this.renewedAt.get(id);
    return (
      last !== undefined && this.uploads.reservationClockMs() - last < this.uploads.reservationTtlMs() / 4
    );
  }

  private async dropIfOverQuota(id: string, err: unknown): Promise<void> {
    if (err instanceof AppError && err.code === 'QUOTA_EXCEEDED') await this.discardUnfinished(id);
  }

  /**
   * A PATCH's write with the renewal `authorize` started: once both are done, a failed renewal
   * answers (413, and the upload dropped, as `renewOrDrop`) whatever the write did.
   */
  private async alongsideRenewal(
    req: IncomingMessage,
    upload: Upload,
    write: () => Promise<number>,
  ): Promise<number> {
    const renewal = this.renewals.get(req) ?? Promise.resolve(null);
    this.renewals.delete(req);
    const [written, renewError] = await Promise.all([
      write().then(
        (offset) => ({ offset }),
        (err: unknown) => ({ err }),
      ),
      renewal,
    ]);
    if (renewError) {
      await this.dropIfOverQuota(upload.id, renewError);
      throw renewError;
    }
    if ('err' in written) throw written.err;
    return written.offset;
  }

  /** Creation: checks the metadata and folder, reserves the quota for the whole upload. */
  private async create(req: TusRequest, upload: Upload): Promise<{ metadata: Record<string, string> }> {
    const user = this.userOf(req);
    const meta = parseMetadata(upload.metadata ?? {});
    await this.uploads.assertFolder(user.id, meta.data.folderId);
    const bytes = upload.size ?? (await this.uploads.maxUploadBytes());
    const at = this.uploads.reservationClockMs();
    const reservation = await this.uploads.reserve(user.id, bytes);
    this.renewedAt.set(upload.id, at);
    const node = nodeRequest(req);
    if (node) this.created.set(node, { id: upload.id, reservation });
    const metadata: Record<string, string> = { filename: meta.data.filename ?? '' };
    if (meta.data.filetype) metadata.filetype = meta.data.filetype;
    if (meta.data.folderId) metadata.folderId = meta.data.folderId;
    metadata[OWNER] = user.id;
    metadata[RESERVED] = String(reservation.bytes);
    metadata[RESERVATION] = reservation.id;
    return { metadata };
  }

  /**
   * The last byte arrived: hash and commit through the upload service, then drop the tus copy.
   * The reply carries the new file's id in X-File-Id and the upload reply as JSON.
   */
  private async finish(
    req: TusRequest,
    upload: Upload,
  ): Promise<{ status_code?: number; headers?: Record<string, string>; body?: string }> {
    const reservation = reservationOf(upload);
    const meta = upload.metadata ?? {};
    let temp: TempObject | null = null;
    try {
      const maxBytes = Math.max(upload.size ?? 0, await this.uploads.maxUploadBytes());
      temp = await this.takeBytes(upload, maxBytes);
      const result = await this.uploads.commit({
        userId: reservation.userId,
        temp,
        name: meta.filename ?? '',
        mimeType: meta.filetype,
        folderId: meta.folderId || null,
        reservation,
        via: 'tus',
      });
      temp = null;
      const node = nodeRequest(req);
      if (node) markStorageChanged(node);
      await this.dropUpload(upload.id);
      const body = JSON.stringify({ success: true, file: result.file, deduplicated: result.deduplicated });
      return {
        // A PATCH answers 204 by the protocol; 200 lets it carry the JSON (clients accept any 2xx).
        // A creation that carried all the bytes keeps its 201.
        ...(req.method === 'PATCH' ? { status_code: 200 } : {}),
        headers: { [FILE_ID_HEADER]: result.file.id, 'Content-Type': 'application/json' },
        body,
      };
    } catch (err) {
      // Nothing half-done stays: the reservation goes back and the upload is dropped, so the
      // client starts over rather than resuming an upload that cannot complete.
      await this.uploads.abandon(reservation, temp);
      await this.dropUpload(upload.id);
      throw err;
    }
  }

  /**
   * The finished upload's bytes as a temporary object, hashed as they arrived: on local disk the
   * file renamed in place, on S3 the completed object taken over in place. An S3 upload that was
   * resumed on another process is streamed (and hashed) from the store.
   */
  private async takeBytes(upload: Upload, maxBytes: number): Promise<TempObject> {
    const id = upload.id;
    if (this.store instanceof TusLocalStore) {
      const size = upload.size ?? upload.offset;
      const sha256 = await this.store.sha256(id, size);
      const adopted = await this.uploads
        .adoptFile(this.store.filePath(id), { sha256, size }, maxBytes)
        .catch((err) => {
          if ((err as NodeJS.ErrnoException).code === 'EXDEV') return null;
          throw err;
        });
      if (adopted) return adopted;
    }
    if (this.s3Hashing) {
      // Every byte went through this process: the completed object is taken over as it is.
      const size = upload.size ?? upload.offset;
      const sha256 = await this.s3Hashing.sha256(id, size);
      const adopted = sha256 ? await this.uploads.adoptObject(id, { sha256, size }, maxBytes) : null;
      if (adopted) return adopted;
    }
    const source = (await (this.store as unknown as { read(id: string): Promise<Readable> | Readable }).read(
      id,
    )) as Readable;
    return this.uploads.receive(source, maxBytes);
  }

  /** Deletes what tus kept of an upload (bytes and info). */
  private async dropUpload(id: string): Promise<void> {
    this.renewedAt.delete(id);
    this.s3Hashing?.forget(id);
    await this.files.remove(id);
  }

  /**
   * The store had no room for a request's bytes: the upload is dropped and its reservation given
   * back, so a full disk leaves no partial upload holding space or quota; the client starts over
   * once there is room.
   */
  private async dropAfterFullDisk(req: TusRequest): Promise<void> {
    const node = nodeRequest(req);
    const made = node ? this.created.get(node) : undefined;
    const last = new URL(req.url).pathname.split('/').pop() ?? '';
    const id = made?.id ?? (UPLOAD_ID.test(last) ? `${this.prefix}${last}` : undefined);
    if (!id) return;
    let reservation = made?.reservation;
    if (!reservation) {
      const upload = await this.store.getUpload(id).catch(() => null);
      if (upload?.metadata?.[OWNER]) reservation = reservationOf(upload);
    }
    if (reservation) {
      await this.uploads.releaseReservation(reservation).catch((err) => {
        this.log.error({ err }, 'tus: release failed');
      });
    }
    await this.discardUnfinished(id);
  }

  /** An upload that will never finish: everything of it goes. */
  private async discardUnfinished(id: string): Promise<void> {
    this.renewedAt.delete(id);
    await this.files.discard(id);
  }

  /**
   * Unfinished uploads past their expiry: reservation back, bytes gone. Run at start and hourly.
   * Returns how many were removed.
   */
  async sweepExpired(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const id of await this.files.ids()) {
      let upload: Upload;
      try {
        upload = await this.store.getUpload(id);
      } catch {
        continue;
      }
      const created = upload.creation_date ? new Date(upload.creation_date).getTime() : now;
      if (created + TUS_EXPIRY_MS > now) continue;
      if (upload.metadata?.[OWNER]) await this.uploads.releaseReservation(reservationOf(upload));
      await this.discardUnfinished(id);
      removed += 1;
    }
    return removed;
  }

  private async mapError(req: TusRequest, err: Error | TusError): Promise<TusError | undefined> {
    if (outOfSpace(err)) {
      this.log.error({ err }, 'storage is full: a resumable upload was refused');
      await this.dropAfterFullDisk(req);
      const full = storageFull();
      return tusError(full.statusCode, full.code, full.message);
    }
    if (err instanceof AppError) {
      return { status_code: err.statusCode, body: errorBody(err.code, err.message) };
    }
    // Too large for the cap (declared at creation, or more bytes than it allows): the same answer
    // as POST /api/files/upload gives.
    if (err === ERRORS.ERR_MAX_SIZE_EXCEEDED || err === ERRORS.ERR_SIZE_EXCEEDED) {
      const tooLarge = fileTooLarge(await this.uploads.maxUploadBytes());
      return tusError(413, tooLarge.code, tooLarge.message);
    }
    if ('status_code' in err) return undefined;
    this.log.error({ err }, 'tus upload failed');
    return tusError(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
  }
}
