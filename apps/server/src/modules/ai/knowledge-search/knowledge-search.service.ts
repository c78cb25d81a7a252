import type {
  KnowledgeSearchItem,
  KnowledgeSearchReply,
  KnowledgeSignal,
} from '@stratos/contracts/ai/knowledge-search.schema';
import type { EmbeddingService } from '../embeddings/embedding.service';
import { type Ranked, reciprocalRankFusion } from './fusion';
import {
  CANDIDATES_PER_SIGNAL,
  type CandidateRow,
  givenHitsCandidatesSql,
  type KnowledgeSearchRepository,
  pgvectorCandidatesSql,
} from './knowledge-search.repository';
import { RELEVANCE_KEEP_ABOVE, type Relevance, relevanceOf, termKeywords, words } from './relevance';
import { snippetOf } from './snippet';
import type { InProcessVectorScan } from './vector-scan';

/**
 * Below this cosine similarity an embedding neighbour is not a finding: the nearest 100 items of
 * any term always exist, related or not (all-minilm puts unrelated texts around 0 to 0.2).
 */
export const MIN_SIMILARITY = 0.3;

export type VectorPath = 'pgvector' | 'scan';

export interface KnowledgeSearchDeps {
  repo: KnowledgeSearchRepository;
  embeddings: Pick<EmbeddingService, 'embed'>;
  scan: InProcessVectorScan;
  /** Told the ids of the items a search returned (usage_count, counted in batches). */
  onReturned(ids: readonly string[]): void;
}

export interface SearchInput {
  term: string;
  limit: number;
  domain?: string;
}

/**
 * Knowledge search: three signals over the knowledge base, fused into one ranking.
 * - keywords: part 2 section 5's relevance (relevance.ts), for items that match a keyword of the
 *   term (the domain bonus counts in their score); items found only another way keep the base 0.5,
 *   or 0.8 in the domain.
 * - fulltext: PostgreSQL full-text search over the generated search_vector, ranked by ts_rank.
 * - vector: cosine similarity of 384-d embeddings, exact (pgvector's <=> where the database has it,
 *   else a scan in the process); only when an embedding provider answers, else the search runs on
 *   text alone and says so.
 * Each signal ranks what it found; reciprocal rank fusion (fusion.ts) orders the union. Section 5
 * keeps items above 0.3 relevance; with its base of 0.5 every candidate passes, and the rule stays
 * so a lower base would apply it.
 */
export class KnowledgeSearchService {
  private path: Promise<VectorPath> | null = null;

  constructor(private readonly d: KnowledgeSearchDeps) {}

  /** Which exact nearest-neighbour path this database supports, detected once. */
  vectorPath(): Promise<VectorPath> {
    if (this.path) return this.path;
    const path = this.d.repo.hasPgvector().then((yes): VectorPath => (yes ? 'pgvector' : 'scan'));
    this.path = path;
    // A failed look-up (the database did not answer) is asked again next time, not remembered.
    path.catch(() => {
      if (this.path === path) this.path = null;
    });
    return path;
  }

  /** `userId`: who searches (their usage row of the term's embedding). */
  async search(input: SearchInput, userId: string, signal?: AbortSignal): Promise<KnowledgeSearchReply> {
    const keywords = termKeywords(input.term);
    const query = { term: input.term, keywords };
    const embedded = await this.d.embeddings.embed(
      [input.term],
      { userId, purpose: 'knowledge-search' },
      signal,
    );
    const vector = embedded?.vectors[0];
    let rows: CandidateRow[];
    if (embedded && vector) {
      const statement =
        (await this.vectorPath()) === 'pgvector'
          ? pgvectorCandidatesSql(query, vector, embedded.model)
          : givenHitsCandidatesSql(
              query,
              await this.d.scan.nearest(embedded.model, vector, CANDIDATES_PER_SIGNAL),
            );
      rows = await this.d.repo.candidates(statement);
    } else {
      rows = await this.d.repo.candidates(givenHitsCandidatesSql(query, []));
    }
    const items = rankCandidates(rows, keywords, input).slice(0, input.limit);
    if (items.length > 0) this.d.onReturned(items.map((i) => i.id));
    const base = { success: true as const, items, keywords };
    return embedded
      ? { ...base, mode: 'hybrid', embeddingModel: embedded.model }
      : {
          ...base,
          mode: 'text',
          reason: 'No embedding provider answered, so the search used keywords and full-text search alone',
        };
  }
}

/** Scores and orders candidates (pure: the ranking rule, tested on its own). */
export function rankCandidates(
  rows: readonly CandidateRow[],
  keywords: readonly string[],
  input: { term: string; domain?: string },
): KnowledgeSearchItem[] {
  const termWords = new Set(words(input.term));
  const scored = rows.map((row) => ({
    row,
    relevance: relevanceOf(row, keywords, { domain: input.domain, termWords }),
  }));
  const bySignal = (pick: (s: { row: CandidateRow; relevance: Relevance }) => number | null): Ranked[] =>
    scored.flatMap((s) => {
      const value = pick(s);
      return value === null ? [] : [{ id: s.row.id, value }];
    });
  // The section 5 score ranks the items that match a keyword of the term; the domain bonus orders
  // them, but alone (an item of the domain matching nothing of the term) finds nothing.
  const relevanceList = bySignal((s) => (s.relevance.matched.length > 0 ? s.relevance.score : null));
  const fulltextList = bySignal((s) => s.row.rank);
  const vectorList = bySignal((s) =>
    s.row.similarity !== null && s.row.similarity >= MIN_SIMILARITY ? s.row.similarity : null,
  );
  const fused = reciprocalRankFusion([relevanceList, fulltextList, vectorList]);
  const found = scored.filter((s) => fused.has(s.row.id) && s.relevance.score > RELEVANCE_KEEP_ABOVE);
  found.sort(
    (a, b) =>
      (fused.get(b.row.id) as number) - (fused.get(a.row.id) as number) ||
      b.relevance.score - a.relevance.score ||
      (b.row.similarity ?? -1) - (a.row.similarity ?? -1) ||
      (a.row.id < b.row.id ? -1 : 1),
  );
  return found.map(({ row, relevance }) => {
    const matched: KnowledgeSignal[] = [];
    if (relevance.matched.length > 0) matched.push('keywords');
    if (relevance.domainMatched) matched.push('domain');
    if (row.rank !== null) matched.push('fulltext');
    if (row.similarity !== null && row.similarity >= MIN_SIMILARITY) matched.push('vector');
    return {
      id: row.id,
      domain: row.domain,
      type: row.type,
      title: row.title,
      snippet: snippetOf(row.content, relevance.matched),
      content: row.content,
      keywords: row.keywords,
      difficulty_level: row.difficulty_level,
      relevance: relevance.score,
      score: Math.round((fused.get(row.id) as number) * 1e6) / 1e6,
      similarity: row.similarity === null ? null : Math.round(row.similarity * 1e6) / 1e6,
      matched,
    };
  });
}
