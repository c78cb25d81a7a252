import { createHash, randomBytes } from 'node:crypto';
import {
  type CreateShareBody,
  type PublicShareReply,
  SHARE_ERRORS,
  type ShareLink,
} from '@stratos/contracts/files/share.schema';
import { FILE_ERRORS } from '@stratos/contracts/files/upload.schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { StorageDriver } from '../../storage/storage-driver';
import type { PasswordHasher } from '../auth/password-hasher.service';
import { type FileResponse, openFileResponse } from './file-response';
import type { FilesRepository } from './files.repository';
import { FILE_NOT_FOUND } from './files.service';
import type { ActiveShare, ShareRepository, ShareWithFile } from './share.repository';
import { SHARE_TICKET_TTL_SECONDS, type ShareTickets } from './share-ticket';
import type { TransfersRepository } from './transfers.repository';

const HOUR_MS = 60 * 60 * 1000;
/** 32 random bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const shareNotFound = () => new AppError(404, 'SHARE_NOT_FOUND', SHARE_ERRORS.NOT_FOUND);
const incorrectPassword = () => new AppError(401, 'INCORRECT_PASSWORD', SHARE_ERRORS.INCORRECT_PASSWORD);
const invalidTicket = () => new AppError(401, 'INVALID_DOWNLOAD_TOKEN', FILE_ERRORS.INVALID_DOWNLOAD_TOKEN);

export const hashShareToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ShareDeps {
  shares: ShareRepository;
  files: Pick<FilesRepository, 'findLive'>;
  transfers: Pick<TransfersRepository, 'record'>;
  hasher: Pick<PasswordHasher, 'hash' | 'verify'>;
  tickets: ShareTickets;
  storage: StorageDriver;
  clock: Clock;
}

/** `fromStart`: a download from the first byte, counted in the link's download_count. */
export interface OpenedShareFile extends FileResponse {
  share: ActiveShare;
}

function toShareLink(row: ShareWithFile, url?: string): ShareLink {
  return {
    id: row.id,
    fileId: row.fileId,
    fileName: row.fileName,
    ...(url ? { url } : {}),
    hasPassword: row.passwordHash !== null,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    downloadCount: row.downloadCount,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * Share links: an opaque token (stored as its SHA-256) that lets anyone with the link download
 * one file, optionally until an expiry and behind a password (argon2id), until the owner revokes it.
 */
export class ShareService {
  constructor(private readonly deps: ShareDeps) {}

  async create(ownerId: string, fileId: string, body: CreateShareBody): Promise<ShareLink> {
    const file = await this.deps.files.findLive(ownerId, fileId);
    if (!file) throw notFound(FILE_NOT_FOUND);
    const token = randomBytes(32).toString('base64url');
    const row = await this.deps.shares.insert({
      fileId,
      ownerId,
      tokenHash: hashShareToken(token),
      passwordHash: body.password ? await this.deps.hasher.hash(body.password) : null,
      expiresAt: body.expiresInHours
        ? new Date(this.deps.clock.now().getTime() + body.expiresInHours * HOUR_MS)
        : null,
    });
    return toShareLink({ ...row, fileName: file.name }, `/s/${token}`);
  }

  async list(ownerId: string, limit: number, fileId?: string): Promise<ShareLink[]> {
    if (fileId && !(await this.deps.files.findLive(ownerId, fileId))) throw notFound(FILE_NOT_FOUND);
    return (await this.deps.shares.list(ownerId, limit, fileId)).map((r) => toShareLink(r));
  }

  async revoke(ownerId: string, id: string): Promise<void> {
    const row = await this.deps.shares.revoke(ownerId, id, this.deps.clock.now());
    if (!row) throw notFound('Share link not found');
  }

  async publicInfo(token: string): Promise<Omit<PublicShareReply, 'success'>> {
    const share = await this.active(token);
    return {
      file: { name: share.file.name, size: share.file.size, type: share.file.mimeType },
      requiresPassword: share.passwordHash !== null,
      expiresAt: share.expiresAt ? share.expiresAt.toISOString() : null,
    };
  }

  /** Checks the password (when the link has one) and hands out a five-minute URL of the bytes. */
  async issueDownload(token: string, password: string | undefined): Promise<string> {
    const share = await this.active(token);
    if (share.passwordHash) {
      if (!password || !(await this.deps.hasher.verify(share.passwordHash, password)))
        throw incorrectPassword();
    }
    const expiresAt = Math.floor(this.deps.clock.now().getTime() / 1000) + SHARE_TICKET_TTL_SECONDS;
    return `/api/public/shares/${token}/file?t=${encodeURIComponent(this.deps.tickets.sign(share.id, expiresAt))}`;
  }

  /** The shared file's bytes (one range when asked), with the owner download's safe headers. */
  async openFile(token: string, ticket: string, rangeHeader: string | undefined): Promise<OpenedShareFile> {
    const share = await this.active(token);
    const now = Math.floor(this.deps.clock.now().getTime() / 1000);
    if (!this.deps.tickets.verify(ticket, share.id, now)) throw invalidTicket();
    return { ...(await openFileResponse(this.deps.storage, share.file, rangeHeader)), share };
  }

  /** After the response: the bytes that went out count as the owner's transfer. */
  async recordDownload(opened: OpenedShareFile, bytes: number): Promise<void> {
    await this.deps.transfers.record({
      userId: opened.share.ownerId,
      fileId: opened.share.file.id,
      bytes,
      kind: 'share_download',
    });
  }

  countDownload(opened: OpenedShareFile): Promise<void> {
    return this.deps.shares.countDownload(opened.share.id);
  }

  private async active(token: string): Promise<ActiveShare> {
    if (!TOKEN_SHAPE.test(token)) throw shareNotFound();
    const share = await this.deps.shares.findActive(hashShareToken(token), this.deps.clock.now());
    if (!share) throw shareNotFound();
    return share;
  }
}
