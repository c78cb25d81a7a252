import { SEED_TABLES, SEED_TARGETS, type SeedTable } from '@stratos/contracts/ai/seeding.schema';
import { embeddedTextHash } from '../knowledge-search/knowledge-embeddings.repository';
import { codeSnippet } from './code-snippets';
import {
  idFor,
  type KnowledgeItem,
  RowRandom,
  type SeedData,
  type SeedRow,
  sha256,
  type TopicStats,
} from './seed-common';
import {
  connectionRow,
  expertiseRow,
  improvementRow,
  interactionRow,
  metricRow,
  patternRow,
} from './seed-rows';
import { classifyDifficulty, extractKeywords } from './text-rules';
import { DOMAINS, type DomainVocabulary, FACETS, KNOWLEDGE_TYPES, SEED_MODELS } from './vocabulary';

/**
 * The deterministic synthetic data of the eight AI tables (DECISIONS.md 6: a fixed seed, so a
 * repeated seed finds the same records). Every row's random numbers come from its own generator,
 * seeded by (table, row number): a row is the same whatever the scale, so a smaller seed is the
 * beginning of a full one. Ids are uuid v5 of the content hash, so rows can name each other
 * before anything is inserted.
 */

/** Records per table at `scale`: knowledge items in whole rounds of the 30 domains (at least 4 each). */
export function seedCounts(scale = 1): Record<SeedTable, number> {
  const knowledge = Math.max(120, Math.round((SEED_TARGETS.ai_knowledge_base * scale) / 30) * 30);
  const counts = {} as Record<SeedTable, number>;
  for (const t of SEED_TABLES) counts[t] = Math.max(1, Math.round(SEED_TARGETS[t] * scale));
  counts.ai_knowledge_base = knowledge;
  counts.ai_knowledge_embeddings = knowledge;
  return counts;
}

const cap = (s: string) => s[0]?.toUpperCase() + s.slice(1);

const TITLES: Record<(typeof KNOWLEDGE_TYPES)[number], (t: string, f: string, l: string) => string> = {
  concept: (t, f, l) => `Understanding ${t} in ${l}: ${f}`,
  best_practice: (t, f, l) => `Best practices for ${t} in ${l} (${f})`,
  code_example: (t, f, l) => `${cap(t)} in ${l}: a ${f} example`,
  tutorial: (t, f, l) => `Step by step: ${t} and ${f} in ${l}`,
  troubleshooting: (t, f, l) => `Troubleshooting ${t} in ${l}: ${f} problems`,
  pattern: (t, f, l) => `${cap(t)} patterns for ${f} in ${l}`,
  comparison: (t, f, l) => `Comparing approaches to ${t} for ${f} in ${l}`,
  reference: (t, f, l) => `${cap(t)} in ${l}: ${f} reference`,
};

const INTROS: Record<(typeof KNOWLEDGE_TYPES)[number], (t: string, f: string, l: string) => string> = {
  concept: (t, f, l) => `${cap(t)} is a central idea in ${l}, and knowing it well pays off in ${f}.`,
  best_practice: (t, f, l) =>
    `Teams that work with ${t} in ${l} agree on a few habits, and ${f} is where they matter most.`,
  code_example: (t, f) =>
    `The example below shows ${t} in a small, complete piece of code with ${f} in mind.`,
  tutorial: (t, f, l) => `This walkthrough builds ${t} in ${l} from an empty project and then looks at ${f}.`,
  troubleshooting: (t, f) => `Problems with ${t} usually show up first as ${f} trouble.`,
  pattern: (t, f, l) => `Several recurring designs for ${t} in ${l} address ${f}.`,
  comparison: (t, f) => `There is more than one way to approach ${t}, and they differ most in ${f}.`,
  reference: (t, f, l) => `A compact reference of ${t} in ${l}, organised around ${f}.`,
};

const TERM_SENTENCES = [
  (t: string, term: string) => `In practice ${t} depends on ${term}, so check how ${term} behaves first.`,
  (t: string, term: string) => `Knowing ${term} explains most surprises people meet with ${t}.`,
  (t: string, term: string) => `Measure the effect of ${term} before changing how ${t} is set up.`,
  (t: string, term: string) => `Reviews of ${t} code often point at ${term}.`,
];

const PLAIN_SENTENCES = [
  'Start with the smallest example that shows the behaviour, then grow it step by step.',
  'Write down what you expect to happen before you run anything.',
  'Keep the first version simple and readable.',
  'Read the official documentation for the exact rules.',
  'A short test that fails for the right reason is worth more than a long explanation.',
  'Name things after what they mean, not after how they are built.',
];

const LONG_SENTENCES = [
  'When a change touches this area it is worth reading the surrounding code carefully, writing a test that captures the current behaviour, and only then refactoring, because small differences in ordering or timing are easy to miss in review.',
  'Most production incidents in this area come from assumptions that held during development but not under real traffic, so it pays to reproduce the conditions of production, including data volume and concurrency, before declaring a fix complete.',
];

/** Knowledge item `row`: domain, topic, type and facet follow from the row number, so no two collide. */
export function knowledgeRow(row: number, createdAt: Date): { row: SeedRow; item: KnowledgeItem } {
  const r = new RowRandom('ai_knowledge_base', row);
  const domain = DOMAINS[row % DOMAINS.length] as DomainVocabulary;
  const k = Math.floor(row / DOMAINS.length);
  // (topic, type, facet) is a one-to-one function of k for k < 12 * 8 * 28.
  const topicIdx = k % 12;
  const type = KNOWLEDGE_TYPES[(Math.floor(k / 12) * 5 + topicIdx) % 8] as (typeof KNOWLEDGE_TYPES)[number];
  const facet = FACETS[(Math.floor(k / 96) * 5 + topicIdx) % FACETS.length] as string;
  const topic = domain.topics[topicIdx] as string;
  const title = TITLES[type](topic, facet, domain.label);

  const sentences = [INTROS[type](topic, facet, domain.label)];
  const termCount = r.pick([0, 0, 1, 1, 2, 2, 3, 4, 5]);
  // Distinct terms, consecutive from a random start: the difficulty rule counts them.
  const start = r.int(0, domain.terms.length - 1);
  for (let i = 0; i < termCount; i++) {
    const term = domain.terms[(start + i) % domain.terms.length] as string;
    sentences.push(r.pick(TERM_SENTENCES)(topic, term));
  }
  for (let i = r.int(1, 3); i > 0; i--) sentences.push(r.pick(PLAIN_SENTENCES));
  if (r.chance(0.2)) sentences.push(r.pick(LONG_SENTENCES));
  let content = [...new Set(sentences)].join(' ');
  const prose = `${title}. ${content}`;
  if (type === 'code_example') content += `\n\n${codeSnippet(domain.language, topic, facet)}`;

  const contentHash = sha256(`${domain.domain}\n${type}\n${title}\n${content}`);
  const id = idFor(contentHash);
  const created = new Date(createdAt.getTime() - r.int(0, 180 * 24 * 3600) * 1000);
  return {
    item: { id, domain, topic, facet, title, content },
    row: {
      id,
      domain: domain.domain,
      type,
      title,
      content,
      keywords: extractKeywords(prose),
      difficulty_level: classifyDifficulty(content, domain.terms),
      relevance_score: r.float(0.5, 1),
      created_at: created,
      updated_at: created,
      source: 'seed',
      model_used: r.pick(SEED_MODELS),
      usage_count: r.int(0, 500),
      effectiveness_score: r.float(0.6, 0.98),
      content_hash: contentHash,
    },
  };
}

/** The embedding row of an item: pending (no vector) until a provider answers. */
function embeddingRow(item: KnowledgeItem): SeedRow {
  // The hash of the text knowledge search embeds, computed by its own function.
  const contentHash = embeddedTextHash(item);
  return {
    id: idFor(sha256(`${item.id}:${contentHash}`)),
    knowledge_id: item.id,
    embedding_vector: null,
    embedding_model: null,
    content_type: 'title_content',
    content_hash: contentHash,
    usage_count: 0,
  };
}

/**
 * The rows of a seed at `scale` in insert order, in chunks of at most `chunk` rows of one table:
 * a caller inserts one chunk while the next is generated. `now` dates the rows; no date is part
 * of any hash.
 */
export function* seedChunks(scale = 1, now = new Date(), chunk = 2000): Generator<[SeedTable, SeedRow[]]> {
  const counts = seedCounts(scale);
  function* rowsOf(table: SeedTable, make: (i: number) => SeedRow): Generator<[SeedTable, SeedRow[]]> {
    for (let start = 0; start < counts[table]; start += chunk) {
      const rows: SeedRow[] = [];
      for (let i = start; i < Math.min(counts[table], start + chunk); i++) rows.push(make(i));
      yield [table, rows];
    }
  }
  const items: KnowledgeItem[] = [];
  yield* rowsOf('ai_knowledge_base', (i) => {
    const { row, item } = knowledgeRow(i, now);
    items.push(item);
    return row;
  });
  const interactions: SeedRow[] = [];
  yield* rowsOf('ai_learning_interactions', (i) => {
    const row = interactionRow(i, items, now);
    interactions.push(row);
    return row;
  });
  const interactionIds = interactions.map((r) => r.id as string);
  yield* rowsOf('ai_learning_improvements', (i) => improvementRow(i, items, interactionIds, now));
  yield* rowsOf('ai_knowledge_connections', (i) => connectionRow(i, items, counts.ai_knowledge_connections));
  yield* rowsOf('ai_knowledge_embeddings', (i) => embeddingRow(items[i] as KnowledgeItem));
  const stats = topicStats(interactions, items);
  yield* rowsOf('ai_domain_expertise', (i) => expertiseRow(i, stats));
  yield* rowsOf('ai_learning_patterns', (i) => patternRow(i, now));
  yield* rowsOf('ai_performance_metrics', (i) => metricRow(i, counts.ai_performance_metrics, now));
}

/** Every row of a seed at `scale`. */
export function generateSeed(scale = 1, now = new Date()): SeedData {
  const data = Object.fromEntries(SEED_TABLES.map((t) => [t, [] as SeedRow[]])) as SeedData;
  for (const [table, rows] of seedChunks(scale, now, 10_000)) data[table].push(...rows);
  return data;
}

function topicStats(interactions: readonly SeedRow[], items: readonly KnowledgeItem[]): TopicStats {
  const stats: TopicStats = new Map();
  const byId = new Map(items.map((it) => [it.id, it]));
  const at = (it: KnowledgeItem) => {
    const key = `${it.domain.domain}:${it.topic}`;
    const s = stats.get(key) ?? { knowledge: 0, interactions: 0 };
    stats.set(key, s);
    return s;
  };
  for (const it of items) at(it).knowledge++;
  for (const row of interactions) {
    const it = byId.get((row.knowledge_used as string[])[0] as string);
    if (it) at(it).interactions++;
  }
  return stats;
}
