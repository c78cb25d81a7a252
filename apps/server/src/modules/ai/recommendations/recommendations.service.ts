import {
  RECOMMENDATION_MESSAGES,
  type Recommendation,
  type RecommendationState,
  type Recommendations,
} from '@stratos/contracts/ai/recommendations.schema';
import { notFound } from '../../../lib/app-error';
import type { FileRecommendations } from '../analysis/analysis.repository';
import type { UserImprovement } from './learning-source';
import { analysisKey, learningKey, priorityOfImprovement, priorityOfText } from './recommendation-key';
import type { RecommendationsRepository, StoredState } from './recommendations.repository';

export interface RecommendationsDeps {
  repo: RecommendationsRepository;
  /** The analysis service's read of the user's file recommendations. */
  analyses: { recommendationsOf(userId: string): Promise<FileRecommendations[]> };
  /** Learning improvements concerning the user. */
  improvements(userId: string): Promise<UserImprovement[]>;
}

const PRIORITY_RANK = { High: 0, Medium: 1, Low: 2 } as const;

/**
 * The user's recommendations: every recommendation of their completed file analyses and every
 * learning improvement drawn from their interactions, each with what the user did with it.
 */
export class RecommendationsService {
  constructor(private readonly d: RecommendationsDeps) {}

  async list(
    userId: string,
    q: { state: RecommendationState | 'all'; source?: 'analysis' | 'learning' },
  ): Promise<Recommendations> {
    const all = await this.all(userId);
    const counts = { open: 0, done: 0, dismissed: 0 };
    for (const r of all) counts[r.state]++;
    const items = all.filter(
      (r) => (q.state === 'all' || r.state === q.state) && (!q.source || r.source === q.source),
    );
    return { items, counts };
  }

  /** Marks one of the user's recommendations done or dismissed, or reopens it; 404 when it is not theirs. */
  async setState(userId: string, id: string, state: RecommendationState): Promise<Recommendation> {
    const current = (await this.all(userId)).find((r) => r.id === id);
    if (!current) throw notFound(RECOMMENDATION_MESSAGES.notFound, 'RECOMMENDATION_NOT_FOUND');
    if (state === 'open') {
      await this.d.repo.clear(userId, id);
      return { ...current, state, stateChangedAt: null };
    }
    const stored = await this.d.repo.set(userId, id, state);
    return { ...current, state, stateChangedAt: stored.updatedAt.toISOString() };
  }

  /** High priority first, then newest first. */
  private async all(userId: string): Promise<Recommendation[]> {
    const [analyses, improvements, states] = await Promise.all([
      this.d.analyses.recommendationsOf(userId),
      this.d.improvements(userId),
      this.d.repo.statesOf(userId),
    ]);
    const stateOf = (key: string): Pick<Recommendation, 'state' | 'stateChangedAt'> => {
      const s: StoredState | undefined = states.get(key);
      return s
        ? { state: s.state, stateChangedAt: s.updatedAt.toISOString() }
        : { state: 'open', stateChangedAt: null };
    };
    const out: Recommendation[] = [];
    for (const a of analyses) {
      const seen = new Set<string>();
      for (const text of a.recommendations) {
        const id = analysisKey(a.fileId, text);
        if (seen.has(id)) continue; // the model repeated itself
        seen.add(id);
        out.push({
          id,
          source: 'analysis',
          text,
          priority: priorityOfText(text),
          category: a.category,
          fileId: a.fileId,
          fileName: a.fileName,
          createdAt: a.completedAt.toISOString(),
          improvementStatus: null,
          appliedAt: null,
          ...stateOf(id),
        });
      }
    }
    for (const i of improvements) {
      const id = learningKey(i.id);
      out.push({
        id,
        source: 'learning',
        text: i.description,
        priority: priorityOfImprovement(i.priority, i.description),
        category: i.category,
        fileId: null,
        fileName: null,
        createdAt: i.createdAt.toISOString(),
        improvementStatus: i.status,
        appliedAt: i.appliedAt ? i.appliedAt.toISOString() : null,
        ...stateOf(id),
      });
    }
    return out.sort(
      (a, b) =>
        PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
        b.createdAt.localeCompare(a.createdAt) ||
        a.id.localeCompare(b.id),
    );
  }
}
