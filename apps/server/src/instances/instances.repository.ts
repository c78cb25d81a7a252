import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverInstances } from '../db/schema/index';

export type InstanceRow = typeof serverInstances.$inferSelect;

const lease = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * SQL of `server_instances`. Leases use the database's clock, as job leases do, so processes on
 * hosts with skewed clocks still agree on which are alive.
 */
export class InstancesRepository {
  constructor(private readonly db: Db) {}

  async register(r: { id: string; host: string; pid: number; leaseMs: number }): Promise<void> {
    await this.db
      .insert(serverInstances)
      .values({ id: r.id, host: r.host, pid: r.pid, startedAt: sql`now()`, expiresAt: lease(r.leaseMs) })
      .onConflictDoUpdate({ target: serverInstances.id, set: { expiresAt: lease(r.leaseMs) } });
  }

  /** Pushes the lease on; false when the row is gone (another process took this one for dead). */
  async renew(id: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .update(serverInstances)
      .set({ expiresAt: lease(leaseMs) })
      .where(eq(serverInstances.id, id))
      .returning({ id: serverInstances.id });
    return rows.length === 1;
  }

  /** Other processes registered from this host (and PID namespace), with a lease still running. */
  async sameHost(host: string, exceptId: string): Promise<InstanceRow[]> {
    return this.db
      .select()
      .from(serverInstances)
      .where(
        and(
          eq(serverInstances.host, host),
          ne(serverInstances.id, exceptId),
          sql`${serverInstances.expiresAt} > now()`,
        ),
      );
  }

  /** Ends leases at once (processes known to be dead). */
  async expire(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(serverInstances)
      .set({ expiresAt: sql`now()` })
      .where(inArray(serverInstances.id, ids));
  }

  /** Every registered process, split by whether its lease still runs. */
  async split(): Promise<{ live: string[]; lapsed: string[] }> {
    const rows = await this.db
      .select({ id: serverInstances.id, live: sql<boolean>`${serverInstances.expiresAt} > now()` })
      .from(serverInstances);
    return {
      live: rows.filter((r) => r.live).map((r) => r.id),
      lapsed: rows.filter((r) => !r.live).map((r) => r.id),
    };
  }

  /** Forgets lapsed processes once what they held was given back (still lapsed: a late renewal wins). */
  async forget(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .delete(serverInstances)
      .where(and(inArray(serverInstances.id, ids), lte(serverInstances.expiresAt, sql`now()`)));
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(serverInstances).where(eq(serverInstances.id, id));
  }
}
