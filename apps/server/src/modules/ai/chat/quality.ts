/**
 * Reply quality (part 2 sections 3, 5, 9; issue 5 "Chat"). Pure: no I/O, no clock.
 * Categories: poor < 0.4 <= fair < 0.6 <= good < 0.8 <= excellent; canned when the reply is a
 * brush-off; forced for the fixed fallback text after the last attempt; error when the call failed.
 */
import type { ChatQuality } from '@stratos/contracts/ai/chat.schema';

export type Quality = ChatQuality;

/** Attempts per chat message (part 2 section 9). */
export const CHAT_MAX_ATTEMPTS = 3;
/** Fixed fallback text (part 2 section 8), flagged forced. */
export const CHAT_FALLBACK_TEXT = "I apologize, but I'm unable to provide a response at this time.";

/**
 * The spec says a banned-phrase list exists but does not show it; these are the usual
 * brush-offs of chat models. Matched case-insensitively, apostrophes normalised.
 */
export const BANNED_PHRASES = [
  'as an ai language model',
  'as an ai assistant',
  "i'm just an ai",
  "i can't help with that",
  'i cannot help with that',
  "i'm unable to help",
  'i am unable to help',
  "i don't have access to",
  'i do not have access to',
  'i cannot provide',
  "i can't provide",
  "i'm not able to",
  'i am not able to',
  'i hope this helps',
  'lorem ipsum',
] as const;

const STOP_WORDS = new Set([
  'about',
  'above',
  'after',
  'again',
  'also',
  'been',
  'before',
  'being',
  'below',
  'between',
  'both',
  'could',
  'does',
  'doing',
  'down',
  'during',
  'each',
  'from',
  'further',
  'have',
  'having',
  'here',
  'into',
  'just',
  'like',
  'make',
  'more',
  'most',
  'much',
  'only',
  'other',
  'over',
  'please',
  'same',
  'should',
  'some',
  'such',
  'tell',
  'than',
  'that',
  'their',
  'theirs',
  'them',
  'then',
  'there',
  'these',
  'they',
  'this',
  'those',
  'through',
  'under',
  'until',
  'very',
  'want',
  'were',
  'what',
  'when',
  'where',
  'which',
  'while',
  'will',
  'with',
  'would',
  'your',
  'yours',
  'explain',
  'know',
]);

const CANNED_SCORE = 0.1;

/** Keyword words: at least 4 letters, not a stop word (part 2 section 5), lower-cased, unique. */
export function keywords(text: string): string[] {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 4 && !STOP_WORDS.has(w)))];
}

export function categoryOf(score: number): 'poor' | 'fair' | 'good' | 'excellent' {
  if (score >= 0.8) return 'excellent';
  if (score >= 0.6) return 'good';
  if (score >= 0.4) return 'fair';
  return 'poor';
}

const normalise = (s: string) => s.toLowerCase().replace(/[\u2018\u2019`]/g, "'");

/** Judges a reply to a question. */
export function assessQuality(question: string, reply: string): Quality {
  const text = reply.trim();
  const lower = normalise(text);
  const asked = keywords(question);
  const replyWords = new Set(keywords(text));
  const hits = asked.filter((k) => replyWords.has(k)).length;
  const issues: string[] = [];

  if (text.length < 20) issues.push('too short (under 20 characters)');
  const banned = BANNED_PHRASES.filter((p) => lower.includes(p));
  for (const p of banned) issues.push(`banned phrase: "${p}"`);
  if (text.length < 100 && asked.length > 0 && hits === 0) {
    issues.push('short and mentions nothing the question asked about');
  }
  if (issues.length > 0) return { score: CANNED_SCORE, category: 'canned', issues };

  // Length up to 0.4 (full at 400 characters), relevance up to 0.4, a base of 0.2.
  const lengthPart = Math.min(text.length / 400, 1) * 0.4;
  const relevance = asked.length === 0 ? 1 : hits / asked.length;
  const score = Math.round((0.2 + lengthPart + relevance * 0.4) * 100) / 100;
  if (text.length < 100) issues.push('short reply');
  if (asked.length > 0 && relevance < 0.5) issues.push('covers few of the question keywords');
  return { score, category: categoryOf(score), issues };
}

/** The fallback reply's quality after the last attempt. */
export function forcedQuality(lastIssues: string[]): Quality {
  return { score: 0, category: 'forced', issues: [`${CHAT_MAX_ATTEMPTS} attempts canned`, ...lastIssues] };
}

/** Opening of the stored reply of a failed call (part 2 section 8, "Chat failure"); the error text follows. */
export const CHAT_ERROR_TEXT = 'I apologize, but I encountered an issue processing your request';

/** The stored reply of a failed call: the apology and what went wrong. */
export function chatErrorText(message: string): string {
  return `${CHAT_ERROR_TEXT}: ${message}`;
}

/** A failed call's quality. */
export function errorQuality(message: string): Quality {
  return { score: 0, category: 'error', issues: [message] };
}

/** System prompt of each attempt (1-based); later attempts are stricter. */
export function systemPromptFor(attempt: number): string {
  const base =
    'You are Stratos, the assistant of a cloud file-storage platform. Answer the user directly and helpfully.';
  if (attempt <= 1) return base;
  const stricter =
    ' Your previous answer was rejected as a canned reply. Answer the actual question in at least three full sentences, use its key terms, and do not apologise, refuse, or describe yourself as an AI.';
  if (attempt === 2) return base + stricter;
  return `${base + stricter} This is the last attempt: give concrete facts, steps or examples about the topic asked.`;
}
