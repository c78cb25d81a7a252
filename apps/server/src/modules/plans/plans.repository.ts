import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans } from '../../db/schema/index';

export type PlanRow = typeof plans.$inferSelect;

export class PlansRepository {
  constructor(private readonly db: Db) {}

  listActive(): Promise<PlanRow[]> {
    return this.db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sortOrder));
  }

  /** Locks the plan's row for the rest of the transaction (a change read, made and audited at once). */
  async findForUpdate(id: string): Promise<PlanRow | undefined> {
    const rows = await this.db.select().from(plans).where(eq(plans.id, id)).for('update');
    return rows[0];
  }

  async setAiQueriesPerMonth(id: string, limit: number | null): Promise<void> {
    await this.db.update(plans).set({ aiQueriesPerMonth: limit }).where(eq(plans.id, id));
  }

  async findById(id: string): Promise<PlanRow | undefined> {
    const rows = await this.db.select().from(plans).where(eq(plans.id, id)).limit(1);
    return rows[0];
  }
}
