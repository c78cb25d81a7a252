import type { RetrievalDomain } from '@stratos/contracts/ai/knowledge-records.schema';
import {
  type ImprovementCategory,
  LEARNING_LIMITS,
  LEARNING_THRESHOLDS,
  type ThresholdMetric,
} from '@stratos/contracts/ai/learning.schema';
import { extractKeywords } from '../seeding/text-rules';

/**
 * The pure part of a learning cycle (part 2 sections 5 and 9): figures over the interactions it
 * read, the thresholds, pattern words, and the improvement candidates they give. No I/O, so the
 * CPU a cycle spends here is measured apart from its model calls and database round trips.
 */

export interface CycleInteraction {
  id: string;
  userQuery: string;
  aiResponse: string;
  satisfactionScore: number | null;
  responseTime: number | null;
  domain: string;
  usedKnowledge: boolean;
  wasHelpful: boolean | null;
  modelUsed: string | null;
}

export interface Figures {
  avgResponseTime: number | null;
  satisfaction: number | null;
  errorRate: number | null;
  accuracy: number | null;
  learningRate: number | null;
  knowledgeUse: number | null;
}

export interface Candidate {
  source: 'threshold' | 'pattern' | 'feedback' | 'model';
  improvementType: string;
  category: ImprovementCategory;
  description: string;
  guidance: string;
  domain: RetrievalDomain | null;
  related: string[];
  impactScore: number;
}

/** Satisfaction is rating / 5: rating >= 4 is 0.8 and up, rating <= 2 is 0.4 and down (section 5). */
const POSITIVE_SCORE = LEARNING_LIMITS.positiveRating / 5;
const NEGATIVE_SCORE = LEARNING_LIMITS.negativeRating / 5;
const EPS = 1e-9;

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const round = (x: number | null, digits = 4) => (x === null ? null : Number(x.toFixed(digits)));

/** Section 9: 0.15 x 1.2 when satisfaction is above 0.9, else x 0.8, capped at 0.3. */
export function learningRateFor(satisfaction: number | null): number | null {
  if (satisfaction === null) return null;
  return round(Math.min(0.3, 0.15 * (satisfaction > 0.9 ? 1.2 : 0.8)));
}

/** Rated = has a satisfaction score; accuracy = positively rated share; error rate = negatively rated share. */
export function ratingFigures(scores: number[]) {
  const rated = scores.length;
  if (rated === 0) return { rated, accuracy: null, errorRate: null, satisfaction: null };
  return {
    rated,
    accuracy: round(scores.filter((s) => s >= POSITIVE_SCORE - EPS).length / rated),
    errorRate: round(scores.filter((s) => s <= NEGATIVE_SCORE + EPS).length / rated),
    satisfaction: round(mean(scores)),
  };
}

export function figuresOf(rows: readonly CycleInteraction[]): Figures {
  const times = rows.flatMap((r) => (r.responseTime === null ? [] : [r.responseTime]));
  const scores = rows.flatMap((r) => (r.satisfactionScore === null ? [] : [r.satisfactionScore]));
  const r = ratingFigures(scores);
  return {
    avgResponseTime: round(mean(times), 1),
    satisfaction: r.satisfaction,
    errorRate: r.errorRate,
    accuracy: r.accuracy,
    learningRate: learningRateFor(r.satisfaction),
    knowledgeUse: rows.length ? round(rows.filter((x) => x.usedKnowledge).length / rows.length) : null,
  };
}

/** Which section 9 thresholds the figures are past (strictly). */
export function exceeded(f: Figures): ThresholdMetric[] {
  const out: ThresholdMetric[] = [];
  if (f.avgResponseTime !== null && f.avgResponseTime > LEARNING_THRESHOLDS.responseTime.threshold)
    out.push('responseTime');
  if (f.satisfaction !== null && f.satisfaction < LEARNING_THRESHOLDS.satisfaction.threshold)
    out.push('satisfaction');
  if (f.errorRate !== null && f.errorRate > LEARNING_THRESHOLDS.errorRate.threshold) out.push('errorRate');
  return out;
}

const queryWordsOf = new WeakMap<CycleInteraction, Set<string>>();
/** A question's keywords (section 5 rule), worked out once per interaction row a cycle read. */
function queryWords(r: CycleInteraction): Set<string> {
  let words = queryWordsOf.get(r);
  if (!words) {
    words = new Set(extractKeywords(r.userQuery, 50));
    queryWordsOf.set(r, words);
  }
  return words;
}

/** Query words (section 5 keyword rule) with MORE than 5 occurrences, the top 5, counted once per query. */
export function patternWords(rows: readonly CycleInteraction[]): Array<{ word: string; frequency: number }> {
  const counts = new Map<string, number>();
  for (const r of rows) {
    for (const w of queryWords(r)) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts.entries()]
    .filter(([, n]) => n > LEARNING_LIMITS.patternMinOccurrences)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, LEARNING_LIMITS.topPatternWords)
    .map(([word, frequency]) => ({ word, frequency }));
}

/** Section 5: "critical" or "urgent" gives High, "important" or "should" Medium, anything else Low. */
export function priorityOf(text: string): 'High' | 'Medium' | 'Low' {
  const t = text.toLowerCase();
  if (t.includes('critical') || t.includes('urgent')) return 'High';
  if (t.includes('important') || t.includes('should')) return 'Medium';
  return 'Low';
}

const PRIORITY_RANK = { High: 0, Medium: 1, Low: 2 } as const;

/** The category a model's suggestion is about, by its words (general when none says). */
export function categoryOf(text: string): ImprovementCategory {
  const t = text.toLowerCase();
  if (/\b(slow|latency|faster|speed|response time|performance)\b/.test(t)) return 'performance';
  if (/\b(knowledge|facts?|sources?|documentation|information|outdated)\b/.test(t)) return 'knowledge';
  if (/\b(tone|friendly|format|formatting|clarity|clear|readab\w*|user experience)\b/.test(t))
    return 'user_experience';
  if (/\b(accura\w*|correct\w*|quality|detail\w*|complete\w*|relevan\w*|precise)\b/.test(t))
    return 'response_quality';
  return 'general';
}

/** The domain most of these interactions are in (null when none). */
export function mainDomain(rows: readonly CycleInteraction[]): RetrievalDomain | null {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.domain, (counts.get(r.domain) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return (top?.[0] as RetrievalDomain | undefined) ?? null;
}

const share = (part: number, whole: number) => (whole ? (round(part / whole) ?? 0) : 0);

/** Candidates from the thresholds the cycle's figures are past. */
export function thresholdCandidates(rows: readonly CycleInteraction[], f: Figures): Candidate[] {
  const out: Candidate[] = [];
  const { responseTime, satisfaction, errorRate } = LEARNING_THRESHOLDS;
  if (f.avgResponseTime !== null && f.avgResponseTime > responseTime.threshold) {
    const slow = rows.filter((r) => (r.responseTime ?? 0) > responseTime.threshold);
    const critical = f.avgResponseTime > 2 * responseTime.threshold ? 'Critical: ' : '';
    out.push({
      source: 'threshold',
      improvementType: 'response_time',
      category: 'performance',
      description: `${critical}Replies take ${Math.round(f.avgResponseTime)} ms on average over ${rows.length} interactions (threshold ${responseTime.threshold} ms, target ${responseTime.target} ms); answers should be shorter and more direct.`,
      guidance:
        'Answer in as few words as the question needs: lead with the direct answer, then at most a short example.',
      domain: mainDomain(slow),
      related: slow.map((r) => r.id),
      impactScore: share(slow.length, rows.length),
    });
  }
  const rated = rows.filter((r) => r.satisfactionScore !== null);
  if (f.satisfaction !== null && f.satisfaction < satisfaction.threshold) {
    const low = rated.filter((r) => (r.satisfactionScore ?? 1) < satisfaction.threshold);
    const critical = f.satisfaction < 0.5 ? 'Critical: ' : '';
    out.push({
      source: 'threshold',
      improvementType: 'satisfaction',
      category: 'response_quality',
      description: `${critical}User satisfaction is ${f.satisfaction.toFixed(2)} over ${rated.length} rated interactions (threshold ${satisfaction.threshold}, target ${satisfaction.target}); answers should address the exact question with a worked example.`,
      guidance:
        'Recent answers in this area were rated low: restate what is asked in one line, answer it precisely, and include a small worked example.',
      domain: mainDomain(low),
      related: low.map((r) => r.id),
      impactScore: share(low.length, rows.length),
    });
  }
  if (f.errorRate !== null && f.errorRate > errorRate.threshold) {
    const bad = rated.filter((r) => (r.satisfactionScore ?? 1) <= NEGATIVE_SCORE + EPS);
    out.push({
      source: 'threshold',
      improvementType: 'error_rate',
      category: 'user_experience',
      description: `${(f.errorRate * 100).toFixed(1)}% of rated replies were rated 2 or lower (threshold ${errorRate.threshold * 100}%, target ${errorRate.target * 100}%); it is important to check each answer against the question before replying.`,
      guidance:
        'Before answering, check that the reply answers the question asked; say plainly when something is uncertain instead of guessing.',
      domain: mainDomain(bad),
      related: bad.map((r) => r.id),
      impactScore: share(bad.length, rows.length),
    });
  }
  return out;
}

/** A frequent topic whose replies seldom drew on stored knowledge is a knowledge gap. */
export function patternCandidates(
  rows: readonly CycleInteraction[],
  patterns: ReadonlyArray<{ word: string; frequency: number }>,
): Candidate[] {
  return patterns.flatMap(({ word, frequency }) => {
    const about = rows.filter((r) => queryWords(r).has(word));
    const withKnowledge = about.filter((r) => r.usedKnowledge).length;
    if (withKnowledge * 2 >= about.length) return [];
    return [
      {
        source: 'pattern' as const,
        improvementType: 'knowledge_gap',
        category: 'knowledge' as const,
        description: `Users asked about "${word}" ${frequency} times in the last hour and ${withKnowledge} of those replies drew on stored knowledge; the knowledge base should cover "${word}".`,
        guidance: `Questions about "${word}" are frequent: give a complete, self-contained answer with a concrete example.`,
        domain: mainDomain(about),
        related: about.map((r) => r.id),
        impactScore: share(about.length, rows.length),
      },
    ];
  });
}

export interface ProcessedFeedback {
  sentiment: string;
  text: string | null;
  domain: string | null;
  interactionId: string | null;
}

/** Negative feedback of the cycle's batches: one candidate for the domain most of it is about. */
export function feedbackCandidates(processed: readonly ProcessedFeedback[], total: number): Candidate[] {
  const negative = processed.filter((f) => f.sentiment === 'negative');
  if (negative.length === 0) return [];
  const counts = new Map<string, number>();
  for (const f of negative) counts.set(f.domain ?? 'general', (counts.get(f.domain ?? 'general') ?? 0) + 1);
  const domain = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'general';
  const comments = negative
    .filter((f) => (f.domain ?? 'general') === domain && f.text?.trim())
    .slice(0, 2)
    .map((f) => `"${(f.text ?? '').trim().slice(0, 120)}"`);
  const said = comments.length ? ` Users said: ${comments.join('; ')}.` : '';
  return [
    {
      source: 'feedback',
      improvementType: 'negative_feedback',
      category: 'user_experience',
      description: `${negative.length} of ${processed.length} feedback items processed were negative (rating 2 or lower), ${counts.get(domain)} about ${domain}; replies should follow what users asked for.${said}`,
      guidance: `Users rated recent ${domain} answers as unhelpful.${said} Address the question directly and keep to what was asked.`,
      domain: domain as RetrievalDomain,
      related: negative.flatMap((f) => (f.interactionId ? [f.interactionId] : [])),
      impactScore: share(negative.length, Math.max(total, processed.length)),
    },
  ];
}

/** The interactions the model looks at: worst first (lowest rating, then slowest), at most 5. */
export function toAnalyse(rows: readonly CycleInteraction[]): CycleInteraction[] {
  return [...rows]
    .sort(
      (a, b) =>
        (a.satisfactionScore ?? 2) - (b.satisfactionScore ?? 2) ||
        (b.responseTime ?? 0) - (a.responseTime ?? 0),
    )
    .slice(0, LEARNING_LIMITS.maxAnalysed);
}

/** The improvement prompt for one interaction (the reply is capped at 500 tokens by the call). */
export function analysisPrompt(r: CycleInteraction): string {
  const rating = r.satisfactionScore === null ? 'not rated' : `${Math.round(r.satisfactionScore * 5)} of 5`;
  return [
    'You review an AI assistant. Suggest ONE concrete improvement to how it should answer questions like this one.',
    'Reply with the improvement only, in at most three sentences, written as an instruction to the assistant.',
    `Question: ${r.userQuery.slice(0, 1000)}`,
    `Reply: ${r.aiResponse.slice(0, 1500)}`,
    `User rating: ${rating}. Response time: ${r.responseTime ?? 'unknown'} ms. Domain: ${r.domain}.`,
  ].join('\n');
}

export function modelCandidate(r: CycleInteraction, text: string, total: number): Candidate | null {
  const suggestion = text.trim().replace(/\s+/g, ' ').slice(0, 1000);
  if (!suggestion) return null;
  return {
    source: 'model',
    improvementType: 'model_suggestion',
    category: categoryOf(suggestion),
    description: suggestion,
    guidance: suggestion.slice(0, 500),
    domain: r.domain as RetrievalDomain,
    related: [r.id],
    impactScore: share(1, total),
  };
}

/**
 * At most 10, the highest priority first (then the widest impact), in a stable order. The same
 * suggestion made for several interactions (the model often repeats itself) is one improvement
 * relating to all of them.
 */
export function pickImprovements(candidates: readonly Candidate[]) {
  const unique = new Map<string, Candidate>();
  for (const c of candidates) {
    const key = `${c.improvementType}\u0000${c.description.trim().toLowerCase()}`;
    const seen = unique.get(key);
    if (!seen) unique.set(key, c);
    else
      unique.set(key, {
        ...seen,
        related: [...new Set([...seen.related, ...c.related])],
        impactScore: Math.max(seen.impactScore, c.impactScore),
      });
  }
  return [...unique.values()]
    .map((c, i) => ({ ...c, priority: priorityOf(c.description), i }))
    .sort(
      (a, b) =>
        PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || b.impactScore - a.impactScore || a.i - b.i,
    )
    .slice(0, LEARNING_LIMITS.maxImprovementsPerCycle)
    .map(({ i: _i, ...c }) => c);
}

/** Section 5: a reply over 100 characters with more than 2 keywords becomes knowledge. */
export function knowledgeFrom(r: CycleInteraction): { keywords: string[] } | null {
  if (r.wasHelpful === false || r.aiResponse.length <= LEARNING_LIMITS.knowledgeMinReply) return null;
  const keywords = extractKeywords(r.aiResponse);
  return keywords.length > LEARNING_LIMITS.knowledgeMinKeywords ? { keywords } : null;
}
