import { type AnalysisInsight, insightPrioritySchema } from '@stratos/contracts/ai/analysis.schema';
import { z } from 'zod';

/** Caps on what is stored of a model's answer. */
export const ANALYSIS_LIMITS = {
  summary: 1000,
  category: 40,
  tags: 8,
  tag: 40,
  insights: 5,
  insightTitle: 120,
  insightDescription: 500,
  insightType: 40,
  recommendations: 5,
  recommendation: 300,
} as const;

export const ANALYSIS_SYSTEM_PROMPT = [
  'You analyse the content of a file stored in a cloud drive for its owner.',
  'Answer with one JSON object and nothing else: no prose, no Markdown, no code fences.',
].join(' ');

/** The prompt for one file: what to return (strict JSON) and the file's text. */
export function analysisPrompt(
  file: { name: string; kind: string; truncated: boolean },
  text: string,
): string {
  return [
    'Analyse this file and answer with JSON of exactly this shape:',
    '{',
    '  "summary": "two or three sentences on what the file contains",',
    '  "category": "one lower-case word or two, e.g. finance, report, notes, data, code, legal, personal",',
    '  "tags": ["up to 8 short lower-case keywords"],',
    '  "insights": [{"type": "content | security | organization | quality | data", "title": "short", "description": "one or two sentences", "priority": "high | medium | low"}],',
    '  "recommendations": ["up to 5 concrete actions for the owner, one sentence each"],',
    '  "confidence": 0.0 to 1.0, how sure you are of this analysis',
    '}',
    'Give up to 5 insights. Use "high" priority only for something the owner should act on soon (e.g. personal data or secrets in the file).',
    '',
    `File name: ${file.name}`,
    `File type: ${file.kind}`,
    file.truncated ? 'Only the beginning of the file is shown.' : 'The whole file is shown.',
    '--- file content ---',
    text,
    '--- end of file content ---',
  ].join('\n');
}

export interface ParsedAnalysis {
  summary: string;
  category: string;
  tags: string[];
  insights: AnalysisInsight[];
  recommendations: string[];
  confidence: number;
}

/** A reply we cannot use; the worker counts it as a failed try. */
export class AnalysisReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisReplyError';
  }
}

const clip = (s: string, max: number) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t;
};

// `.optional()`: a missing key is read as empty (zod 4 otherwise reports it as missing).
const text = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' || typeof v === 'number' ? clip(String(v), max) : ''));

/** A list of short strings: non-strings and blanks dropped, duplicates dropped, capped. */
const stringList = (maxItems: number, maxChars: number, lower = false) =>
  z
    .unknown()
    .optional()
    .transform((v) => {
      const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
      const out: string[] = [];
      for (const item of items) {
        if (typeof item !== 'string') continue;
        const s = clip(lower ? item.toLowerCase() : item, maxChars);
        if (s && !out.includes(s)) out.push(s);
        if (out.length >= maxItems) break;
      }
      return out;
    });

const insightSchema = z.object({
  type: text(ANALYSIS_LIMITS.insightType),
  title: text(ANALYSIS_LIMITS.insightTitle),
  description: text(ANALYSIS_LIMITS.insightDescription),
  priority: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), insightPrioritySchema),
});

/** Valid insights only (a title or description and a known priority), capped. */
const insightList = z
  .unknown()
  .optional()
  .transform((v) => {
    const out: AnalysisInsight[] = [];
    for (const item of Array.isArray(v) ? v : []) {
      const r = insightSchema.safeParse(item);
      if (!r.success || (!r.data.title && !r.data.description)) continue;
      const i = r.data;
      out.push({
        type: (i.type || 'content').toLowerCase(),
        title: i.title || clip(i.description, ANALYSIS_LIMITS.insightTitle),
        description: i.description || i.title,
        priority: i.priority,
      });
      if (out.length >= ANALYSIS_LIMITS.insights) break;
    }
    return out;
  });

/** Confidence as a number 0..1; a percentage (e.g. 85) is read as 0.85. */
const confidenceSchema = z.unknown().transform((v, ctx) => {
  let n = typeof v === 'string' ? Number.parseFloat(v) : typeof v === 'number' ? v : Number.NaN;
  if (typeof v === 'string' && v.trim().endsWith('%')) n /= 100;
  else if (n > 1 && n <= 100) n /= 100;
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: 'confidence is not a number' });
    return z.NEVER;
  }
  return Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));
});

const replySchema = z.object({
  summary: text(ANALYSIS_LIMITS.summary),
  category: text(ANALYSIS_LIMITS.category),
  tags: stringList(ANALYSIS_LIMITS.tags, ANALYSIS_LIMITS.tag, true),
  insights: insightList,
  recommendations: stringList(ANALYSIS_LIMITS.recommendations, ANALYSIS_LIMITS.recommendation),
  confidence: confidenceSchema,
});

/**
 * Reads the model's answer: the JSON object may come bare, inside prose or in a ```json fence.
 * Fields are cleaned and capped; invalid insights are dropped. A reply without a JSON object, a
 * summary or a confidence is refused (AnalysisReplyError).
 */
export function parseAnalysisReply(reply: string): ParsedAnalysis {
  const candidates = jsonCandidates(reply);
  if (candidates.length === 0) throw new AnalysisReplyError('The model did not answer with JSON');
  let lastProblem = 'The model answered with JSON that could not be read';
  for (const raw of candidates) {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const r = replySchema.safeParse(value);
    if (!r.success) {
      lastProblem = `The model's analysis is incomplete (${r.error.issues[0]?.path.join('.') || 'shape'})`;
      continue;
    }
    const a = r.data;
    if (!a.summary) {
      lastProblem = "The model's analysis has no summary";
      continue;
    }
    return { ...a, category: (a.category || 'other').toLowerCase() };
  }
  throw new AnalysisReplyError(lastProblem);
}

/** Fenced blocks first, then every balanced {...} in the text, longest first. */
export function jsonCandidates(reply: string): string[] {
  const out: string[] = [];
  for (const m of reply.matchAll(/```(?:json|JSON)?\s*\n?([\s\S]*?)```/g)) {
    const body = m[1]?.trim();
    if (body) out.push(body);
  }
  const objects = balancedObjects(reply).sort((a, b) => b.length - a.length);
  for (const o of objects) if (!out.includes(o)) out.push(o);
  return out;
}

/** Top-level {...} spans, respecting strings and escapes. */
function balancedObjects(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"' && depth > 0) inString = true;
    else if (ch === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (ch === '}' && depth > 0) {
      depth--;
      if (depth === 0) out.push(s.slice(start, i + 1));
    }
  }
  return out;
}
