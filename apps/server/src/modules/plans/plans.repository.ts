import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans } from '../../db/schema/index';

export type PlanRow = typeof plans.$inferSelect;

export class PlansRepository {
  constructor(private readonly db: Db) {}

  listActive(): Promise<PlanRow[]> {
    return this.db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sortOrder));
  }

  async findById(id: string): Promise<PlanRow | undefined> {
    const rows = await this.db.select().from(plans).where(eq(plans.id, id)).limit(1);
    return rows[0];
  }
}
