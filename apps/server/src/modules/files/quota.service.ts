import { FILE_ERRORS } from '@stratos/contracts/files/upload.schema';
import { AppError } from '../../lib/app-error';
import type { StorageAccountsRepository } from './storage-accounts.repository';

/** Bytes held for an upload in flight; released once, either into the file or back. */
export interface Reservation {
  userId: string;
  bytes: number;
  settled: boolean;
}

export const quotaExceeded = () => new AppError(413, 'QUOTA_EXCEEDED', FILE_ERRORS.QUOTA_EXCEEDED);

/**
 * The owner's plan quota, enforced by reserving an upload's bytes before any are stored: two
 * concurrent uploads that together exceed the quota cannot both reserve.
 */
export class QuotaService {
  constructor(private readonly accounts: Pick<StorageAccountsRepository, 'reserve' | 'releaseReservation'>) {}

  async reserve(userId: string, bytes: number): Promise<Reservation> {
    if (!(await this.accounts.reserve(userId, bytes))) throw quotaExceeded();
    return { userId, bytes, settled: false };
  }

  /** The reservation became part of a committed file (the commit moved it into used bytes). */
  settled(reservation: Reservation): void {
    reservation.settled = true;
  }

  /** Gives the bytes back unless the upload committed; safe to call more than once. */
  async release(reservation: Reservation | null | undefined): Promise<void> {
    if (!reservation || reservation.settled) return;
    reservation.settled = true;
    await this.accounts.releaseReservation(reservation.userId, reservation.bytes);
  }
}
