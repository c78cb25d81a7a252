import { idFor, type KnowledgeItem, RowRandom, type SeedRow, sha256, type TopicStats } from './seed-common';
import { DOMAINS, type DomainVocabulary, FACETS, SEED_MODELS } from './vocabulary';

/** Rows of the seven tables built around the knowledge items (see seed-generator.ts). */

const DAY_MS = 24 * 3600 * 1000;
const ago = (now: Date, r: RowRandom, maxDays: number) =>
  new Date(now.getTime() - r.int(0, maxDays * 24 * 3600) * 1000);
/** Item number `row * step` of `n`: with `step` prime to n, distinct rows name distinct items. */
const spread = (row: number, step: number, n: number) => (row * step) % n;

const QUESTIONS = [
  (t: string, f: string, l: string) => `How do I handle ${f} when working with ${t} in ${l}?`,
  (t: string, f: string) => `What is the best way to use ${t} with ${f} in mind?`,
  (t: string, f: string) => `Can you explain ${t} and how it affects ${f}?`,
  (t: string, f: string, l: string) => `Why does ${t} cause ${f} issues in my ${l} project?`,
  (t: string, f: string) => `Show me an example of ${t} focused on ${f}.`,
];

export function interactionRow(row: number, items: readonly KnowledgeItem[], now: Date): SeedRow {
  const r = new RowRandom('ai_learning_interactions', row);
  const item = items[spread(row, 7, items.length)] as KnowledgeItem;
  const query = r.pick(QUESTIONS)(item.topic, item.facet, item.domain.label);
  const prose = item.content.split('\n\n')[0] ?? item.content;
  const response = `${prose} See "${item.title}" for more.`;
  const satisfaction = r.float(0.3, 1);
  const contentHash = sha256(`${query}\n${item.id}`);
  return {
    id: idFor(contentHash),
    user_id: null,
    user_query: query,
    ai_response: response,
    satisfaction_score: satisfaction,
    response_time: r.int(300, 4000),
    knowledge_used: [item.id],
    improvement_suggestions:
      satisfaction < 0.6 ? [`Add a worked example about ${item.topic} (${item.facet})`] : [],
    created_at: ago(now, r, 90),
    domain: item.domain.domain,
    user_context: {
      conversation_id: idFor(sha256(`conversation:${Math.floor(row / 4)}`)),
      turn: row % 4,
      source: 'seed',
    },
    model_used: r.pick(SEED_MODELS),
    tokens_used: r.int(80, 1200),
    was_helpful: satisfaction >= 0.6,
    content_hash: contentHash,
  };
}

const IMPROVEMENTS: Record<string, (it: KnowledgeItem, term: string) => string> = {
  knowledge: (it) => `Add a worked ${it.facet} example on ${it.topic} to ${it.domain.label} answers.`,
  performance: (it) =>
    `Cache the ${it.domain.label} knowledge on ${it.topic} to cut response time on ${it.facet} questions.`,
  response_quality: (it, term) =>
    `Mention ${term} when explaining ${it.topic}; answers about ${it.facet} left it out.`,
  user_experience: (it) => `Offer follow-up questions after answers about ${it.topic} (${it.facet}).`,
  general: (it) => `Review the ${it.domain.label} items on ${it.topic} for accuracy in ${it.facet}.`,
};
const URGENCY = ['Critical: ', 'Urgent: ', 'Important: ', 'We should ', '', '', ''];

/** Section 5: critical or urgent gives High, important or should gives Medium, else Low. */
export function priorityOf(text: string): 'High' | 'Medium' | 'Low' {
  const t = text.toLowerCase();
  if (t.includes('critical') || t.includes('urgent')) return 'High';
  if (t.includes('important') || t.includes('should')) return 'Medium';
  return 'Low';
}

export function improvementRow(
  row: number,
  items: readonly KnowledgeItem[],
  interactionIds: readonly string[],
  now: Date,
): SeedRow {
  const r = new RowRandom('ai_learning_improvements', row);
  const item = items[spread(row, 11, items.length)] as KnowledgeItem;
  const type = r.pick(Object.keys(IMPROVEMENTS));
  const urgency = r.pick(URGENCY);
  const text = (IMPROVEMENTS[type] as (it: KnowledgeItem, term: string) => string)(
    item,
    r.pick(item.domain.terms),
  );
  const description = `${urgency}${urgency.endsWith('should ') ? text[0]?.toLowerCase() + text.slice(1) : text} Source: "${item.title}".`;
  const status = r.pick(['planned', 'in_progress', 'completed', 'on_hold', 'pending']);
  const created = ago(now, r, 120);
  const baseline = r.float(0.5, 0.85);
  const contentHash = sha256(`${type}\n${description}\n${item.id}`);
  const n = interactionIds.length;
  return {
    id: idFor(contentHash),
    improvement_type: type,
    description,
    priority: priorityOf(description),
    impact_score: r.float(0.1, 1),
    implementation_status: status,
    estimated_effort: r.pick(['hours', '1-2 days', '1 week', '2+ weeks']),
    category: type,
    created_at: created,
    applied_at: status === 'completed' ? new Date(created.getTime() + r.int(1, 20) * DAY_MS) : null,
    success_metrics: { metric: 'user_satisfaction', baseline, target: Math.min(0.99, baseline + 0.1) },
    related_interactions: n > 0 ? [...new Set([interactionIds[row % n], interactionIds[(row + 1) % n]])] : [],
    content_hash: contentHash,
  };
}

const CONNECTIONS: Record<string, { phrase: string; bidirectional: boolean }> = {
  prerequisite: { phrase: 'is a prerequisite for', bidirectional: false },
  related_concept: { phrase: 'is a related concept to', bidirectional: true },
  implementation_of: { phrase: 'is an implementation of', bidirectional: false },
  example_of: { phrase: 'is an example of', bidirectional: false },
  alternative_to: { phrase: 'is an alternative to', bidirectional: true },
  builds_upon: { phrase: 'builds upon', bidirectional: false },
  contradicts: { phrase: 'contradicts advice in', bidirectional: true },
  complements: { phrase: 'complements', bidirectional: true },
  part_of: { phrase: 'is part of', bidirectional: false },
  leads_to: { phrase: 'leads to', bidirectional: false },
  similar_to: { phrase: 'is similar to', bidirectional: true },
  depends_on: { phrase: 'depends on', bidirectional: false },
};

/**
 * Connection `row` between two items of one domain. Round `r` (each round gives every item one
 * outgoing connection) uses target offsets of its own residue, so no (source, target) pair repeats.
 */
export function connectionRow(row: number, items: readonly KnowledgeItem[], total: number): SeedRow {
  const r = new RowRandom('ai_knowledge_connections', row);
  const n = items.length;
  const domains = DOMAINS.length;
  const rounds = Math.ceil(total / n);
  const round = Math.floor(row / n);
  const source = row % n;
  const perDomain = n / domains;
  const maxStep = Math.max(0, Math.floor((perDomain - 1 - round) / rounds) - 1);
  const offset = 1 + round + rounds * r.int(0, maxStep);
  if (offset >= perDomain) throw new Error('Too few knowledge items for the connections asked');
  const a = items[source] as KnowledgeItem;
  const b = items[(source + domains * offset) % n] as KnowledgeItem;
  const type = r.pick(Object.keys(CONNECTIONS));
  const kind = CONNECTIONS[type] as { phrase: string; bidirectional: boolean };
  const validated = r.chance(0.6);
  const contentHash = sha256(`${a.id}\n${b.id}\n${type}`);
  return {
    id: idFor(contentHash),
    source_knowledge_id: a.id,
    target_knowledge_id: b.id,
    connection_type: type,
    strength: r.float(0.3, 1),
    description: `"${a.title}" ${kind.phrase} "${b.title}".`,
    bidirectional: kind.bidirectional,
    validated,
    validation_score: validated ? r.float(0.6, 1) : null,
    content_hash: contentHash,
  };
}

/** Expertise in `topic: facet` of a domain; counts are those of the generated items and interactions. */
export function expertiseRow(row: number, stats: TopicStats): SeedRow {
  const r = new RowRandom('ai_domain_expertise', row);
  const domain = DOMAINS[row % DOMAINS.length] as DomainVocabulary;
  const k = Math.floor(row / DOMAINS.length);
  const topic = domain.topics[k % 12] as string;
  const facet = FACETS[Math.floor(k / 12) % FACETS.length] as string;
  const subdomain = `${topic}: ${facet}`;
  const s = stats.get(`${domain.domain}:${topic}`) ?? { knowledge: 0, interactions: 0 };
  const start = r.int(0, domain.terms.length - 1);
  const contentHash = sha256(`${domain.domain}\n${subdomain}`);
  return {
    id: idFor(contentHash),
    domain: domain.domain,
    subdomain,
    expertise_level: r.float(0.2, 0.95),
    knowledge_count: s.knowledge,
    interaction_count: s.interactions,
    success_rate: r.float(0.55, 0.98),
    improvement_rate: r.float(0, 0.2),
    confidence_score: r.float(0.4, 0.95),
    learning_velocity: r.float(0.01, 0.3),
    knowledge_depth: r.float(0.2, 1),
    practical_experience: r.float(0.1, 1),
    specializations: [0, 1, 2].map((i) => domain.terms[(start + i) % domain.terms.length] as string),
    content_hash: contentHash,
  };
}

const PATTERNS: Record<string, (t: string, t2: string, f: string, l: string) => string> = {
  query_pattern: (t, t2, f, l) =>
    `Users asking about ${t} in ${l} often follow up with ${t2} when ${f} comes up.`,
  error_pattern: (t, t2, f, l) =>
    `Answers on ${t} in ${l} are corrected most often when ${f} and ${t2} meet.`,
  usage_pattern: (t, t2, f, l) =>
    `${l} knowledge on ${t} is retrieved together with ${t2} for ${f} questions.`,
  performance_pattern: (t, t2, f, l) =>
    `Replies about ${t} in ${l} take longer when ${f} and ${t2} are both involved.`,
  feedback_pattern: (t, t2, f, l) =>
    `Satisfaction with ${l} answers on ${t} rises when they link ${t2} for ${f}.`,
  temporal_pattern: (t, t2, f, l) =>
    `Questions on ${t} in ${l} about ${f} peak early in the week, ${t2} later.`,
};

export function patternRow(row: number, now: Date): SeedRow {
  const r = new RowRandom('ai_learning_patterns', row);
  const domain = DOMAINS[row % DOMAINS.length] as DomainVocabulary;
  const k = Math.floor(row / DOMAINS.length);
  const topicIdx = k % 12;
  const topic = domain.topics[topicIdx] as string;
  const facet = FACETS[Math.floor(k / 12) % FACETS.length] as string;
  const topic2 = domain.topics[(topicIdx + r.int(1, 11)) % 12] as string;
  const type = r.pick(Object.keys(PATTERNS));
  const description = (PATTERNS[type] as (t: string, t2: string, f: string, l: string) => string)(
    topic,
    topic2,
    facet,
    domain.label,
  );
  const identified = ago(now, r, 120);
  const contentHash = sha256(`${type}\n${description}`);
  const related = DOMAINS[(row + r.int(1, DOMAINS.length - 1)) % DOMAINS.length] as DomainVocabulary;
  return {
    id: idFor(contentHash),
    pattern_type: type,
    pattern_description: description,
    // Section 9: a pattern needs more than 5 occurrences.
    frequency: r.int(6, 500),
    impact_score: r.float(0.1, 1),
    confidence_level: r.float(0.5, 0.99),
    identified_at: identified,
    last_observed: new Date(Math.min(now.getTime(), identified.getTime() + r.int(0, 60) * DAY_MS)),
    pattern_strength: r.float(0.2, 1),
    affected_domains: r.chance(0.3) ? [domain.domain, related.domain] : [domain.domain],
    actionable_insights: [`Link ${topic2} from answers about ${topic}`, `Add ${facet} examples for ${topic}`],
    validation_status: r.pick(['validated', 'pending', 'rejected', 'in_review']),
    content_hash: contentHash,
  };
}

/** Metric name, unit, the spec's default (baseline), target, and whether higher is better. */
const METRICS: ReadonlyArray<[string, string, number, number, boolean]> = [
  ['response_time', 'ms', 1200, 800, false],
  ['accuracy', 'ratio', 0.85, 0.95, true],
  ['user_satisfaction', 'ratio', 0.92, 0.95, true],
  ['learning_rate', 'ratio', 0.15, 0.3, true],
  ['tokens_per_second', 'tokens/s', 40, 60, true],
  ['cache_hit_rate', 'ratio', 0.6, 0.8, true],
  ['error_rate', 'ratio', 0.05, 0.02, false],
  ['knowledge_coverage', 'ratio', 0.7, 0.9, true],
  ['retrieval_precision', 'ratio', 0.75, 0.9, true],
  ['embedding_latency', 'ms', 45, 30, false],
];

/** One daily measurement of one metric for one domain; the days end yesterday. */
export function metricRow(row: number, total: number, now: Date): SeedRow {
  const r = new RowRandom('ai_performance_metrics', row);
  const [name, unit, baseline, target, higherIsBetter] = METRICS[row % METRICS.length] as (typeof METRICS)[0];
  const perDay = METRICS.length * DOMAINS.length;
  const day = Math.floor(row / perDay);
  const days = Math.ceil(total / perDay);
  const domain = DOMAINS[Math.floor(row / METRICS.length) % DOMAINS.length] as DomainVocabulary;
  // Drifts from the baseline toward the target over the days, with noise of +-5%.
  const progress = days > 1 ? day / (days - 1) : 1;
  const value = (baseline + (target - baseline) * progress * 0.6) * (1 + r.float(-0.05, 0.05, 4));
  const better = higherIsBetter ? value > baseline * 1.01 : value < baseline * 0.99;
  const worse = higherIsBetter ? value < baseline * 0.99 : value > baseline * 1.01;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const contentHash = sha256(`${name}\n${domain.domain}\n${day}`);
  return {
    id: idFor(contentHash),
    metric_name: name,
    metric_type: 'gauge',
    metric_value: Number(value.toFixed(unit === 'ratio' ? 4 : 1)),
    metric_unit: unit,
    measurement_date: new Date(today - (days - day) * DAY_MS),
    context: { domain: domain.domain, model: r.pick(SEED_MODELS) },
    baseline_value: baseline,
    target_value: target,
    trend_direction: better ? 'improving' : worse ? 'declining' : 'stable',
    data_quality: r.float(0.8, 1),
    sample_size: r.int(50, 5000),
    content_hash: contentHash,
  };
}
