import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { subscriptions, users } from '../../../db/schema/index';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type BillingUser = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'subscriptionPlan'
>;
export type SubscriptionPatch = Partial<Omit<NewSubscriptionRow, 'id' | 'userId' | 'createdAt'>>;

/** Statuses that keep the paid plan (past due keeps it through the grace period). */
export const PAID_STATUSES = ['active', 'past_due'] as const;

/**
 * SQL for subscriptions, and for the one users column billing owns: `subscription_plan`, which the
 * files quota and the plan endpoints read.
 */
export class SubscriptionsRepository {
  constructor(private readonly db: Db) {}

  async findByUser(userId: string): Promise<SubscriptionRow | undefined> {
    const rows = await this.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
    return rows[0];
  }

  async lockByUser(userId: string): Promise<SubscriptionRow | undefined> {
    const rows = await this.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .limit(1)
      .for('update');
    return rows[0];
  }

  /** Starts (or restarts, on an upgrade) the user's one subscription. */
  async upsert(row: NewSubscriptionRow): Promise<SubscriptionRow> {
    const { userId: _user, id: _id, createdAt: _created, ...changes } = row;
    const rows = await this.db
      .insert(subscriptions)
      .values(row)
      .onConflictDoUpdate({ target: subscriptions.userId, set: changes })
      .returning();
    return rows[0] as SubscriptionRow;
  }

  async update(id: string, patch: SubscriptionPatch): Promise<SubscriptionRow | undefined> {
    const rows = await this.db.update(subscriptions).set(patch).where(eq(subscriptions.id, id)).returning();
    return rows[0];
  }

  /**
   * Users whose subscription the renewal job looks at, at `now`: active and due, or past due.
   * Pages by user id (`after`), since a past-due row stays in the list between retries.
   */
  async listDue(now: Date, after: string | null, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(
        and(
          or(
            and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)),
            eq(subscriptions.status, 'past_due'),
          ),
          after ? gt(subscriptions.userId, after) : undefined,
        ),
      )
      .orderBy(asc(subscriptions.userId))
      .limit(limit);
    return rows.map((r) => r.userId);
  }

  /** The user's billing fields. */
  async findUser(userId: string): Promise<BillingUser | undefined> {
    return (await this.userQuery(userId))[0];
  }

  /** The same, with the user's row locked, so one user's grants and renewals run one at a time. */
  async lockUser(userId: string): Promise<BillingUser | undefined> {
    return (await this.userQuery(userId).for('update'))[0];
  }

  private userQuery(userId: string) {
    return this.db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        subscriptionPlan: users.subscriptionPlan,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
  }

  async setUserPlan(userId: string, planId: string): Promise<void> {
    await this.db
      .update(users)
      .set({ subscriptionPlan: planId, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  /**
   * A credit purchase makes the user a prepaid account unless a paid subscription is running
   * (active or in its grace period). Returns whether the plan changed.
   */
  async switchToPrepaidUnlessSubscribed(userId: string): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ subscriptionPlan: 'prepaid', updatedAt: sql`now()` })
      .where(
        and(
          eq(users.id, userId),
          sql`${users.subscriptionPlan} <> 'prepaid'`,
          sql`not exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${userId} and ${inArray(subscriptions.status, [...PAID_STATUSES])})`,
        ),
      )
      .returning({ id: users.id });
    return rows.length > 0;
  }
}
