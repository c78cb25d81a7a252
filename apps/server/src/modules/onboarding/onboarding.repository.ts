import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { onboardingProfiles } from '../../db/schema/index';

export type OnboardingRow = typeof onboardingProfiles.$inferSelect;
export type OnboardingValues = Omit<typeof onboardingProfiles.$inferInsert, 'userId'>;

/** SQL of onboarding_profiles: one row per user, written on the first save. */
export class OnboardingRepository {
  constructor(private readonly db: Db) {}

  async find(userId: string): Promise<OnboardingRow | undefined> {
    const rows = await this.db
      .select()
      .from(onboardingProfiles)
      .where(eq(onboardingProfiles.userId, userId))
      .limit(1);
    return rows[0];
  }

  async upsert(userId: string, values: OnboardingValues): Promise<OnboardingRow> {
    const rows = await this.db
      .insert(onboardingProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: onboardingProfiles.userId, set: values })
      .returning();
    return rows[0] as OnboardingRow;
  }
}
