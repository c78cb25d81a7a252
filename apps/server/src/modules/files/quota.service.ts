import { randomUUID } from 'node:crypto';
import { FILE_ERRORS } from '@stratos/contracts/files/upload.schema';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { UploadReservationsRepository } from './upload-reservations.repository';

/** Bytes held for an upload in flight; settled once, either into the file or back. */
export interface Reservation {
  id: string;
  userId: string;
  bytes: number;
  settled: boolean;
  /** Renews the expiry while this process works on the upload (multipart); cleared when settled. */
  keepAlive?: NodeJS.Timeout;
}

export const quotaExceeded = () => new AppError(413, 'QUOTA_EXCEEDED', FILE_ERRORS.QUOTA_EXCEEDED);

/** How long a reservation holds quota without being renewed (UPLOAD_RESERVATION_TTL_SECONDS). */
export const DEFAULT_RESERVATION_TTL_MS = 60 * 60 * 1000;

type Repo = Pick<UploadReservationsRepository, 'reserve' | 'hasRoom' | 'extend' | 'settle' | 'release'>;

interface Logger {
  warn(obj: object, msg?: string): void;
}

/**
 * The owner's plan quota, enforced by reserving an upload's bytes before any are stored: two
 * concurrent uploads that together exceed the quota cannot both reserve. A reservation belongs
 * to this process (`instanceId`): when the process dies it stops counting as soon as that is
 * known (instances/instance-lease.ts), not after its expiry. It also expires `ttlMs` after it
 * was made or last renewed, for a client that went away; a live upload renews it (`keepAlive`
 * while a request streams, `refresh` as a resumable upload's bytes arrive).
 */
export class QuotaService {
  constructor(
    private readonly repo: Repo,
    private readonly clock: Clock,
    /** This process (server_instances), owner of the reservations it makes and renews. */
    private readonly instanceId: string,
    readonly ttlMs: number = DEFAULT_RESERVATION_TTL_MS,
    private readonly log: Logger = { warn: () => {} },
  ) {}

  /** The time reservations are reckoned by, in ms. */
  nowMs(): number {
    return this.clock.now().getTime();
  }

  /**
   * Holds `bytes` of the user's quota (413 QUOTA_EXCEEDED when it would overshoot). With
   * `keepAlive`, this process renews it every third of the TTL until it is settled.
   */
  async reserve(userId: string, bytes: number, opts: { keepAlive?: boolean } = {}): Promise<Reservation> {
    const reservation: Reservation = { id: randomUUID(), userId, bytes, settled: false };
    await this.hold(reservation);
    if (opts.keepAlive) {
      reservation.keepAlive = setInterval(() => {
        this.refresh(reservation).catch((err) =>
          this.log.warn({ err }, 'could not renew a quota reservation'),
        );
      }, this.ttlMs / 3);
      reservation.keepAlive.unref();
    }
    return reservation;
  }

  /**
   * Bytes are arriving: pushes the expiry on. A reservation that lapsed meanwhile is taken again
   * under the same id, which fails with 413 when the quota has no room for it any more.
   */
  async refresh(reservation: Reservation): Promise<void> {
    if (reservation.settled) return;
    const now = this.clock.now();
    if (await this.repo.extend(reservation.id, now, this.expiry(now), this.instanceId)) return;
    await this.hold(reservation);
  }

  /**
   * Inside the commit's transaction: the reservation goes as its bytes become the file's. When it
   * had lapsed, the file must still fit in the quota (checked under the account lock) or 413.
   */
  async settle(tx: Db, reservation: Reservation, sizeBytes: number): Promise<void> {
    const now = this.clock.now();
    if (await this.repo.settle(tx, reservation.id, now)) return;
    if (!(await this.repo.hasRoom(tx, reservation.userId, sizeBytes, now))) throw quotaExceeded();
  }

  /** The commit went through: nothing more to give back. */
  settled(reservation: Reservation): void {
    this.stop(reservation);
  }

  /** Gives the bytes back unless the upload committed; safe to call more than once. */
  async release(reservation: Reservation | null | undefined): Promise<void> {
    if (!reservation || reservation.settled) return;
    this.stop(reservation);
    await this.repo.release(reservation.id);
  }

  private async hold(reservation: Reservation): Promise<void> {
    const now = this.clock.now();
    const ok = await this.repo.reserve({
      id: reservation.id,
      userId: reservation.userId,
      bytes: reservation.bytes,
      now,
      expiresAt: this.expiry(now),
      instanceId: this.instanceId,
    });
    if (!ok) throw quotaExceeded();
  }

  private expiry(now: Date): Date {
    return new Date(now.getTime() + this.ttlMs);
  }

  private stop(reservation: Reservation): void {
    reservation.settled = true;
    if (reservation.keepAlive) clearInterval(reservation.keepAlive);
    reservation.keepAlive = undefined;
  }
}
