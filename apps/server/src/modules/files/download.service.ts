import { FILE_ERRORS } from '@stratos/contracts/files/upload.schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { StorageDriver } from '../../storage/storage-driver';
import type { DownloadRepository } from './download.repository';
import { DOWNLOAD_TOKEN_TTL_SECONDS, type DownloadTokens } from './download-token';
import { type FileResponse, openFileResponse } from './file-response';
import type { TransfersRepository } from './transfers.repository';

export const fileNotFound = () => new AppError(404, 'NOT_FOUND', FILE_ERRORS.FILE_NOT_FOUND);

const invalidToken = () => new AppError(401, 'INVALID_DOWNLOAD_TOKEN', FILE_ERRORS.INVALID_DOWNLOAD_TOKEN);

export interface DownloadDeps {
  files: Pick<DownloadRepository, 'findLive'>;
  transfers: Pick<TransfersRepository, 'record'>;
  tokens: DownloadTokens;
  storage: StorageDriver;
  clock: Clock;
}

export interface OpenedDownload extends FileResponse {
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
    const response = await openFileResponse(this.deps.storage, file, rangeHeader);
    return { ...response, userId: check.userId, fileId };
  }

  /** One transfer row per download, with the bytes that actually went out. */
  recordTransfer(userId: string, fileId: string, bytes: number): Promise<void> {
    return this.deps.transfers.record({ userId, fileId, bytes, kind: 'download' });
  }
}
