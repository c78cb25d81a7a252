import { type Role, roleAtLeast } from '@stratos/contracts/access/role-list';
import {
  TRAINING_MESSAGES,
  type TrainingExample,
  type TrainingFilter,
  type TrainingList,
} from '@stratos/contracts/ai/training.schema';
import { notFound } from '../../../lib/app-error';
import type { ExampleRow, Scope, TrainingRepository } from './training.repository';

/** Examples read per page while exporting. */
export const EXPORT_PAGE = 500;

export interface Viewer {
  id: string;
  role: Role;
}

/** Admins and the superadmin see everyone's interactions; anyone else with ai:train their own. */
export const scopeOf = (v: Viewer): Scope => ({ userId: roleAtLeast(v.role, 'admin') ? null : v.id });

export function toExample(r: ExampleRow): TrainingExample {
  return {
    id: r.id,
    userId: r.userId,
    userEmail: r.userEmail,
    query: r.query,
    response: r.response,
    rating: r.satisfaction === null ? null : Math.round(r.satisfaction * 5),
    satisfaction: r.satisfaction,
    wasHelpful: r.wasHelpful,
    model: r.model,
    domain: r.domain,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    review: r.review,
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
  };
}

/** One line of the export: the question and the reply in the chat fine-tuning format. */
export const jsonlLine = (e: { query: string; response: string }) =>
  `${JSON.stringify({
    messages: [
      { role: 'user', content: e.query },
      { role: 'assistant', content: e.response },
    ],
  })}\n`;

/** The training dataset: interactions with feedback, filtered, reviewed and exported as JSONL. */
export class TrainingService {
  constructor(private readonly repo: TrainingRepository) {}

  async list(viewer: Viewer, f: TrainingFilter, limit: number, offset: number): Promise<TrainingList> {
    const scope = scopeOf(viewer);
    const [items, counts, facets] = await Promise.all([
      this.repo.page(scope, f, limit, offset),
      this.repo.counts(scope, f),
      this.repo.facets(scope),
    ]);
    return {
      items: items.map(toExample),
      ...counts,
      scope: scope.userId ? 'own' : 'all',
      ...facets,
    };
  }

  /** Marks examples; every id must be one the viewer may see (else 404 and nothing changes). */
  async review(
    viewer: Viewer,
    ids: string[],
    review: 'included' | 'excluded' | 'unreviewed',
  ): Promise<number> {
    const unique = [...new Set(ids)];
    if ((await this.repo.visibleCount(scopeOf(viewer), unique)) !== unique.length) {
      throw notFound(TRAINING_MESSAGES.notFound, 'EXAMPLE_NOT_FOUND');
    }
    await this.repo.setReview(unique, review, viewer.id);
    return unique.length;
  }

  /** The included examples matching the filters, oldest first, one JSONL line each, page by page. */
  async *exportLines(viewer: Viewer, f: TrainingFilter): AsyncGenerator<string> {
    const scope = scopeOf(viewer);
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const page = await this.repo.includedAfter(scope, f, after, EXPORT_PAGE);
      if (page.length > 0) yield page.map(jsonlLine).join('');
      if (page.length < EXPORT_PAGE) return;
      const last = page[page.length - 1] as (typeof page)[number];
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
}
