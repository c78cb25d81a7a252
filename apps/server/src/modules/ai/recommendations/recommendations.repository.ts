import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiRecommendationStates } from '../../../db/schema/index';

export interface StoredState {
  state: 'done' | 'dismissed';
  updatedAt: Date;
}

/** SQL of ai_recommendation_states. */
export class RecommendationsRepository {
  constructor(private readonly db: Db) {}

  async statesOf(userId: string): Promise<Map<string, StoredState>> {
    const rows = await this.db
      .select({
        key: aiRecommendationStates.recKey,
        state: aiRecommendationStates.state,
        updatedAt: aiRecommendationStates.updatedAt,
      })
      .from(aiRecommendationStates)
      .where(eq(aiRecommendationStates.userId, userId));
    return new Map(rows.map((r) => [r.key, { state: r.state, updatedAt: r.updatedAt }]));
  }

  async set(userId: string, key: string, state: 'done' | 'dismissed'): Promise<StoredState> {
    const rows = await this.db
      .insert(aiRecommendationStates)
      .values({ userId, recKey: key, state })
      .onConflictDoUpdate({
        target: [aiRecommendationStates.userId, aiRecommendationStates.recKey],
        set: { state, updatedAt: sql`now()` },
      })
      .returning({ state: aiRecommendationStates.state, updatedAt: aiRecommendationStates.updatedAt });
    return rows[0] as StoredState;
  }

  async clear(userId: string, key: string): Promise<void> {
    await this.db
      .delete(aiRecommendationStates)
      .where(and(eq(aiRecommendationStates.userId, userId), eq(aiRecommendationStates.recKey, key)));
  }
}
