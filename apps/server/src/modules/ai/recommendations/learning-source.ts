import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/** A learning improvement drawn (at least partly) from the user's own interactions. */
export interface UserImprovement {
  id: string;
  description: string;
  priority: string;
  category: string;
  status: string;
  createdAt: Date;
  appliedAt: Date | null;
}

/** Improvements read per user; the learning loop keeps the latest 50 suggestions. */
export const USER_IMPROVEMENTS_LIMIT = 50;

/**
 * The one read of ai_learning_improvements this module makes (the learning loop owns the table):
 * the improvements whose related interactions include one of the user's, newest first. Kept
 * apart so it can become a call to the learning service once that exists.
 */
export async function improvementsConcerning(db: Db, userId: string): Promise<UserImprovement[]> {
  const result = await db.execute(sql`
    select i.id, i.description, i.priority, i.category, i.implementation_status, i.created_at, i.applied_at
    from ai_learning_improvements i
    where exists (
      select 1 from ai_learning_interactions x
      where x.id = any(i.related_interactions) and x.user_id = ${userId}
    )
    order by i.created_at desc, i.id
    limit ${USER_IMPROVEMENTS_LIMIT}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: String(r.id),
    description: String(r.description),
    priority: String(r.priority),
    category: String(r.category),
    status: String(r.implementation_status),
    createdAt: new Date(r.created_at as string),
    appliedAt: r.applied_at ? new Date(r.applied_at as string) : null,
  }));
}
