import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadReservations } from '../../db/schema/index';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const iso = (d: Date) => d.toISOString();

/**
 * A reservation counts while it is unexpired and its owner process is alive (its lease in
 * `server_instances` runs): a crashed process's reservations stop counting the moment its death
 * is known, before any sweep deletes them. Rows from before owners were recorded count by expiry.
 */
const counts = (now: Date) => sql`r.expires_at > ${iso(now)}::timestamptz and (r.instance_id is null
  or exists (select 1 from server_instances i where i.id = r.instance_id and i.expires_at > now()))`;

/**
 * SQL of `upload_reservations`: the quota held by uploads in flight (see `counts`). A user's
 * `storage_accounts` row is the lock that serialises their reservations.
 */
export class UploadReservationsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Holds `bytes` under `id` until `expiresAt` if the user's stored bytes, their other unexpired
   * reservations and `bytes` together stay within their plan's quota (null = unlimited). An
   * existing reservation `id` (expired, being renewed) is replaced. False when it does not fit.
   *
   * Two statements in one transaction: the first locks the account row (creating it), so a
   * concurrent reservation of the same user waits there; the second then runs on a fresh
   * snapshot (READ COMMITTED) that sees what the other one committed.
   */
  async reserve(r: {
    id: string;
    userId: string;
    bytes: number;
    now: Date;
    expiresAt: Date;
    /** The process working on the upload. */
    instanceId: string;
  }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await this.lockAccount(tx, r.userId))) return false;
      const inserted = await tx.execute(sql`
        insert into upload_reservations as r (id, user_id, bytes, expires_at, instance_id)
        select ${r.id}::uuid, ${r.userId}::uuid, ${r.bytes}::bigint, ${iso(r.expiresAt)}::timestamptz,
               ${r.instanceId}::uuid
        where ${this.fits(r.userId, r.bytes, r.now, r.id)}
        on conflict (id) do update
          set bytes = excluded.bytes, expires_at = excluded.expires_at, instance_id = excluded.instance_id
        returning r.id
      `);
      return rowsOf(inserted).length === 1;
    });
  }

  /**
   * Inside the caller's transaction, for an upload whose reservation lapsed: locks the account
   * row and says whether `bytes` more still fit beside the user's reservations that count.
   */
  async hasRoom(tx: Db, userId: string, bytes: number, now: Date): Promise<boolean> {
    if (!(await this.lockAccount(tx, userId))) return false;
    const result = await tx.execute(sql`select ${this.fits(userId, bytes, now, null)} as ok`);
    return rowsOf(result)[0]?.ok === true;
  }

  /**
   * Pushes a reservation that still counts to `expiresAt`, now owned by `instanceId` (a resumable
   * upload's bytes may arrive at another process each time); false when it stopped counting.
   */
  async extend(id: string, now: Date, expiresAt: Date, instanceId: string): Promise<boolean> {
    const result = await this.db.execute(sql`
      update upload_reservations r set expires_at = ${iso(expiresAt)}::timestamptz, instance_id = ${instanceId}::uuid
      where r.id = ${id}::uuid and ${counts(now)}
      returning r.id
    `);
    return rowsOf(result).length === 1;
  }

  /**
   * Inside the commit's transaction: the reservation goes. True when it still counted (its bytes
   * were held for this upload all along).
   */
  async settle(tx: Db, id: string, now: Date): Promise<boolean> {
    const result = await tx.execute(sql`
      delete from upload_reservations r where r.id = ${id}::uuid returning ${counts(now)} as counted
    `);
    return rowsOf(result)[0]?.counted === true;
  }

  async release(id: string): Promise<void> {
    await this.db.delete(uploadReservations).where(eq(uploadReservations.id, id));
  }

  /** Deletes up to `limit` reservations that expired at or before `now`; returns how many. */
  async deleteExpired(now: Date, limit: number): Promise<number> {
    const expired = this.db
      .select({ id: uploadReservations.id })
      .from(uploadReservations)
      .where(lte(uploadReservations.expiresAt, now))
      .limit(limit);
    const rows = await this.db
      .delete(uploadReservations)
      .where(and(inArray(uploadReservations.id, expired), lte(uploadReservations.expiresAt, now)))
      .returning({ id: uploadReservations.id });
    return rows.length;
  }

  /** Deletes the reservations of processes that died (their uploads will never finish there). */
  async deleteOwnedBy(instanceIds: string[]): Promise<number> {
    if (instanceIds.length === 0) return 0;
    const rows = await this.db
      .delete(uploadReservations)
      .where(inArray(uploadReservations.instanceId, instanceIds))
      .returning({ id: uploadReservations.id });
    return rows.length;
  }

  /** Bytes the user's reservations that count hold. */
  async heldBytes(userId: string, now: Date): Promise<number> {
    const result = await this.db.execute(sql`
      select coalesce(sum(r.bytes), 0) as bytes from upload_reservations r
      where r.user_id = ${userId}::uuid and ${counts(now)}
    `);
    return Number(rowsOf(result)[0]?.bytes ?? 0);
  }

  /** Locks (creating it if needed) the user's account row; false when the user does not exist. */
  private async lockAccount(tx: Db, userId: string): Promise<boolean> {
    const locked = await tx.execute(sql`
      insert into storage_accounts as a (user_id)
      select u.id from users u where u.id = ${userId}::uuid
      on conflict (user_id) do update set updated_at = a.updated_at
      returning a.user_id
    `);
    return rowsOf(locked).length === 1;
  }

  /** used + reservations that count (but `exceptId`) + `bytes` within the plan's quota. */
  private fits(userId: string, bytes: number, now: Date, exceptId: string | null) {
    return sql`(
      with quota as (
        select p.storage_bytes as q from users u join plans p on p.id = u.subscription_plan
        where u.id = ${userId}::uuid
      )
      select coalesce((select q is null from quota), false)
        or (select coalesce(sum(used_bytes), 0) from storage_accounts where user_id = ${userId}::uuid)
           + (select coalesce(sum(r.bytes), 0) from upload_reservations r
              where r.user_id = ${userId}::uuid and ${counts(now)}
                and r.id is distinct from ${exceptId}::uuid)
           + ${bytes}::bigint
           <= (select q from quota)
    )`;
  }
}
