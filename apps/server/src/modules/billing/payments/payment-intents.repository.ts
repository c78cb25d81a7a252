import { and, desc, eq, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { billingLedger, paymentIntents, webhookEvents } from '../../../db/schema/index';

export type IntentRow = typeof paymentIntents.$inferSelect;
export type NewIntentRow = typeof paymentIntents.$inferInsert;
export type IntentPatch = Partial<Omit<NewIntentRow, 'id' | 'userId' | 'createdAt'>>;

/** SQL for payment_intents (the sandbox's intents, or the mirror of Stripe's) and webhook_events. */
export class PaymentIntentsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts an intent. When the user's idempotency key (or the id) is already taken nothing is
   * written and null is returned: the caller reads the first intent back.
   */
  async insert(row: NewIntentRow): Promise<IntentRow | null> {
    const rows = await this.db.insert(paymentIntents).values(row).onConflictDoNothing().returning();
    return rows[0] ?? null;
  }

  async findById(id: string): Promise<IntentRow | undefined> {
    const rows = await this.db.select().from(paymentIntents).where(eq(paymentIntents.id, id)).limit(1);
    return rows[0];
  }

  /** The intent row, locked until the transaction ends (two confirms of one intent queue here). */
  async lockById(id: string): Promise<IntentRow | undefined> {
    const rows = await this.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, id))
      .limit(1)
      .for('update');
    return rows[0];
  }

  async findByKey(userId: string, idempotencyKey: string): Promise<IntentRow | undefined> {
    const rows = await this.db
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.userId, userId), eq(paymentIntents.idempotencyKey, idempotencyKey)))
      .limit(1);
    return rows[0];
  }

  /** A guest's intent (no user) by its key; guests' keys name their order, so they are unique. */
  async findGuestByKey(idempotencyKey: string): Promise<IntentRow | undefined> {
    const rows = await this.db
      .select()
      .from(paymentIntents)
      .where(and(isNull(paymentIntents.userId), eq(paymentIntents.idempotencyKey, idempotencyKey)))
      .limit(1);
    return rows[0];
  }

  async update(id: string, patch: IntentPatch, at: Date): Promise<IntentRow | undefined> {
    const rows = await this.db
      .update(paymentIntents)
      .set({ ...patch, updatedAt: at })
      .where(eq(paymentIntents.id, id))
      .returning();
    return rows[0];
  }

  /** Updates an intent still waiting for payment; a succeeded (or canceled) one stays as it is. */
  async updatePending(id: string, patch: IntentPatch, at: Date): Promise<IntentRow | undefined> {
    const rows = await this.db
      .update(paymentIntents)
      .set({ ...patch, updatedAt: at })
      .where(and(eq(paymentIntents.id, id), notInArray(paymentIntents.status, ['succeeded', 'canceled'])))
      .returning();
    return rows[0];
  }

  /** The provider customer this user already has (its saved cards live there). */
  async customerOf(userId: string, provider: IntentRow['provider']): Promise<string | null> {
    const rows = await this.db
      .select({ customer: paymentIntents.providerCustomerId })
      .from(paymentIntents)
      .where(
        and(
          eq(paymentIntents.userId, userId),
          eq(paymentIntents.provider, provider),
          isNotNull(paymentIntents.providerCustomerId),
        ),
      )
      .orderBy(desc(paymentIntents.createdAt))
      .limit(1);
    return rows[0]?.customer ?? null;
  }

  /** Payments the user made or attempted (succeeded, or a card error), newest first. */
  listPayments(userId: string, limit: number): Promise<IntentRow[]> {
    return this.db
      .select()
      .from(paymentIntents)
      .where(
        and(
          eq(paymentIntents.userId, userId),
          or(eq(paymentIntents.status, 'succeeded'), isNotNull(paymentIntents.lastError)),
        ),
      )
      .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
      .limit(limit);
  }

  /** Cents the user has paid, from the ledger's payment rows. */
  async totalSpent(userId: string): Promise<number> {
    const rows = await this.db
      .select({ sum: sql<string | number>`coalesce(sum(${billingLedger.amountCents}), 0)` })
      .from(billingLedger)
      .where(and(eq(billingLedger.userId, userId), eq(billingLedger.kind, 'payment')));
    return Number(rows[0]?.sum ?? 0);
  }

  /** Records a provider event; false when it was already recorded (a redelivery). */
  async recordEvent(id: string, provider: string, type: string): Promise<boolean> {
    const rows = await this.db
      .insert(webhookEvents)
      .values({ id, provider, type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    return rows.length > 0;
  }
}
