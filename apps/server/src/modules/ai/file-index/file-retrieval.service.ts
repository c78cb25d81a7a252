import type { ChatSource } from '@stratos/contracts/ai/chat.schema';
import type { ContentSearchHit, Snippet } from '@stratos/contracts/files/content-search.schema';
import { eventLoopTurns, FETCH_SENT_TURNS } from '../../../lib/event-loop-turns';
import type { EmbeddingService } from '../embeddings/embedding.service';
import {
  type ChunkKey,
  type FileIndexRepository,
  type FoundChunk,
  type IndexStamp,
  MARK_END,
  MARK_START,
} from './file-index.repository';
import type { VectorCache, VectorHit } from './vector-cache';

/** What gives vectors: the embedding service (null when no provider answers). */
export type Embedder = Pick<EmbeddingService, 'embed' | 'currentModel'>;

/** Chunks put in a chat prompt, and the characters they may take together. */
export const CHAT_CHUNKS = 5;
export const CHAT_CONTEXT_CHARS = 5000;
/** Below this cosine similarity a chunk is not about the question (all-minilm scale). */
export const MEANING_MIN_SIMILARITY = 0.35;
/** Reciprocal rank fusion's constant (the usual 60): ranks matter, raw scores of the two lists do not. */
const RRF_K = 60;
/** Words of a question looked up (the rest would only add noise to an OR query). */
const QUESTION_WORDS_MAX = 32;
const SNIPPET_CHARS = 200;
/**
 * How long chat takes a user found to have no indexed file at its word, without a query: most
 * users ask with no document indexed, and the query cost such a chat ~2 ms on PostgreSQL before its
 * provider call. A file this process indexes ends the wait at once; one another process indexes
 * is seen within this.
 */
export const NO_FILES_RECHECK_MS = 10_000;
/** Users remembered as having no indexed file; past it the list starts over. */
const NO_FILES_MAX = 50_000;

export interface RetrievedChunk extends FoundChunk {
  score: number;
  similarity: number | null;
}

export interface ChatContext {
  chunks: RetrievedChunk[];
  sources: ChatSource[];
}

/**
 * Retrieval over a user's file index: for chat (the best chunks of the user's own live files for a
 * question) and for the Files page's content search (files with highlighted snippets). Full-text
 * and vector hits are fused by reciprocal rank; without an embedding provider it is text alone.
 * Each call costs at most one embedding call (beside the text query) and one SQL query, plus a
 * read by primary key of chunks found by meaning alone (vectors are scanned in memory).
 */
export class FileRetrievalService {
  /** User id -> until when (ms) chat takes them to have no indexed file. */
  private readonly noFiles = new Map<string, number>();

  constructor(
    private readonly d: {
      repo: Pick<FileIndexRepository, 'find' | 'chunksByKeys' | 'progress'>;
      vectors: VectorCache;
      embedder: Embedder | null;
      now?: () => number;
    },
  ) {}

  /** This process indexed a file of the user: chat looks again. */
  indexed(userId: string): void {
    this.noFiles.delete(userId);
  }

  async forChat(userId: string, question: string, signal?: AbortSignal): Promise<ChatContext> {
    const now = this.d.now ?? Date.now;
    const until = this.noFiles.get(userId);
    if (until !== undefined) {
      if (now() < until) return { chunks: [], sources: [] };
      this.noFiles.delete(userId);
    }
    const words = questionWords(question);
    const { hits, stamp } = await this.retrieve(userId, question, {
      text: words.length > 0 ? { mode: 'any-word', words } : null,
      textLimit: 20,
      vectorLimit: 10,
      headline: false,
      signal,
    });
    if (stamp.files === 0) {
      if (this.noFiles.size >= NO_FILES_MAX) this.noFiles.clear();
      this.noFiles.set(userId, now() + NO_FILES_RECHECK_MS);
    }
    const ranked = fuse(hits);
    const chunks: RetrievedChunk[] = [];
    let chars = 0;
    for (const c of ranked) {
      if (chunks.length >= CHAT_CHUNKS || chars + c.content.length > CHAT_CONTEXT_CHARS) break;
      chunks.push(c);
      chars += c.content.length;
    }
    const sources: ChatSource[] = [];
    for (const c of chunks) {
      if (sources.some((s) => s.fileId === c.fileId)) continue;
      sources.push({ fileId: c.fileId, fileName: c.fileName, snippet: shorten(c.content, SNIPPET_CHARS) });
    }
    return { chunks, sources };
  }

  async search(
    userId: string,
    query: string,
    limit: number,
    signal?: AbortSignal,
  ): Promise<{ items: ContentSearchHit[]; meaning: boolean; indexedFiles: number; pendingFiles: number }> {
    const [{ hits, meaning }, progress] = await Promise.all([
      this.retrieve(userId, query, {
        text: { mode: 'websearch', query },
        textLimit: 200,
        vectorLimit: limit * 3,
        headline: true,
        signal,
      }),
      this.d.repo.progress(userId),
    ]);
    const items: ContentSearchHit[] = [];
    const seen = new Set<string>();
    for (const c of fuse(hits)) {
      if (seen.has(c.fileId)) continue;
      seen.add(c.fileId);
      items.push({
        fileId: c.fileId,
        fileName: c.fileName,
        mimeType: c.mimeType,
        match:
          c.textRank !== null && c.similarity !== null ? 'both' : c.textRank !== null ? 'text' : 'meaning',
        score: Math.round(c.score * 1e6) / 1e6,
        snippet: c.headline
          ? parseHeadline(c.headline)
          : { text: shorten(c.content, SNIPPET_CHARS), highlights: [] },
      });
      if (items.length >= limit) break;
    }
    return { items, meaning, indexedFiles: progress.indexed, pendingFiles: progress.pending };
  }

  private async retrieve(
    userId: string,
    query: string,
    o: {
      text: Parameters<FileIndexRepository['find']>[0]['text'];
      textLimit: number;
      vectorLimit: number;
      headline: boolean;
      signal?: AbortSignal;
    },
  ): Promise<{ hits: (FoundChunk & { similarity: number | null })[]; meaning: boolean; stamp: IndexStamp }> {
    // The text query and the question's embedding run side by side (the embedding is a call to
    // another process); the chunks only the vectors found are then read by key, when there are any.
    // The embedding request goes first and the query waits for it to leave: on PGlite the query
    // runs on this thread, and begun first it held the request back until it finished, so the two
    // ran one after the other.
    const embedding = this.nearest(userId, query, o.vectorLimit, o.signal);
    const text = (async () => {
      if (this.embeds(userId)) await eventLoopTurns(FETCH_SENT_TURNS);
      return this.d.repo.find({ userId, text: o.text, textLimit: o.textLimit, headline: o.headline });
    })();
    const [{ stamp, chunks }, vector] = await Promise.all([text, embedding]);
    this.d.vectors.refreshIfStale(userId, stamp);
    const have = new Set(chunks.map(keyOf));
    const missing = vector.hits.filter((h) => !have.has(keyOf(h)));
    const more = missing.length > 0 ? await this.d.repo.chunksByKeys(userId, missing) : [];
    const similarity = new Map(vector.hits.map((h) => [keyOf(h), h.similarity]));
    const hits = [...chunks, ...more].map((c) => ({ ...c, similarity: similarity.get(keyOf(c)) ?? null }));
    return { hits, meaning: vector.meaning, stamp };
  }

  /** Whether `nearest` calls the embedding provider for this user. */
  private embeds(userId: string): boolean {
    return this.d.embedder !== null && !this.d.vectors.knownEmpty(userId);
  }

  /** The user's chunks nearest the query by meaning (none without a provider or without vectors). */
  private async nearest(
    userId: string,
    query: string,
    k: number,
    signal?: AbortSignal,
  ): Promise<{ hits: VectorHit[]; meaning: boolean }> {
    if (!this.d.embedder) return { hits: [], meaning: false };
    // No vectors stored for this user: the question need not be embedded at all.
    if (!this.embeds(userId)) return { hits: [], meaning: true };
    const [held, embedded] = await Promise.all([
      this.d.vectors.get(userId),
      this.d.embedder.embed([query], { userId, purpose: 'file-search' }, signal),
    ]);
    const vector = embedded?.vectors[0];
    if (!embedded || !vector) return { hits: [], meaning: false };
    if (!held) return { hits: [], meaning: true };
    return {
      hits: this.d.vectors.nearest(held, embedded.model, vector, k, MEANING_MIN_SIMILARITY),
      meaning: true,
    };
  }
}

const keyOf = (k: ChunkKey) => `${k.fileId}:${k.chunkIndex}`;

/**
 * Reciprocal rank fusion of the text ranking (textRank) and the vector ranking (similarity): each
 * chunk scores 1/(60 + rank) in every list it is in. Best first.
 */
export function fuse(hits: (FoundChunk & { similarity: number | null })[]): RetrievedChunk[] {
  const byText = hits
    .filter((h) => h.textRank !== null)
    .sort((a, b) => (b.textRank ?? 0) - (a.textRank ?? 0));
  const byVector = hits
    .filter((h) => h.similarity !== null)
    .sort((a, b) => (b.similarity ?? 0) - (a.similarity ?? 0));
  const score = new Map<string, number>();
  for (const list of [byText, byVector]) {
    for (const [i, h] of list.entries())
      score.set(keyOf(h), (score.get(keyOf(h)) ?? 0) + 1 / (RRF_K + i + 1));
  }
  return hits
    .map((h) => ({ ...h, score: score.get(keyOf(h)) ?? 0 }))
    .sort((a, b) => b.score - a.score || a.fileId.localeCompare(b.fileId) || a.chunkIndex - b.chunkIndex);
}

/** The question's distinct words (letters and digits only, so the OR query cannot be malformed). */
export function questionWords(question: string): string[] {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length > 1))].slice(0, QUESTION_WORDS_MAX);
}

/** ts_headline's text with its \u0002...\u0003 marks turned into ranges over the unmarked text. */
export function parseHeadline(headline: string): Snippet {
  let text = '';
  const highlights: Snippet['highlights'] = [];
  let open: number | null = null;
  for (const ch of headline) {
    if (ch === MARK_START) open = text.length;
    else if (ch === MARK_END) {
      if (open !== null && text.length > open) highlights.push({ start: open, end: text.length });
      open = null;
    } else text += ch;
  }
  // Offsets move with the leading spaces trimmed.
  const lead = text.length - text.trimStart().length;
  const trimmed = text.trim();
  return {
    text: trimmed,
    highlights: highlights
      .map((h) => ({ start: h.start - lead, end: h.end - lead }))
      .filter((h) => h.start >= 0 && h.end <= trimmed.length),
  };
}

function shorten(text: string, max: number): string {
  const one = text.replace(/\s+/g, ' ').trim();
  if (one.length <= max) return one;
  const cut = one.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
