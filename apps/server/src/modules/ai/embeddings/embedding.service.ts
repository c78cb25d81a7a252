import type { FastifyBaseLogger } from 'fastify';
import type { AiConfig } from '../../../config';
import type { Clock } from '../../../lib/clock';
import { type Connection, providerFetch } from '../providers/adapters';
import type { AiUsageService } from '../providers/ai-usage.service';
import { callCost } from '../providers/cost';
import type { ProviderRegistry } from '../providers/provider-registry';
import type { NewUsageRow } from '../providers/providers.repository';

/** Every vector the knowledge layer stores or compares has this many numbers (part 2 section 3). */
export const EMBEDDING_DIMENSIONS = 384;

/** Texts per provider call: small enough for one request's token limits, large enough to amortise it. */
const BATCH_SIZE = 128;
/** How long `status()` trusts its last probe. */
const STATUS_TTL_MS = 30_000;

export interface EmbeddingResult {
  /** `provider/model`: vectors of different models are never compared with each other. */
  model: string;
  /** One unit-length vector of EMBEDDING_DIMENSIONS numbers per input text, in order. */
  vectors: number[][];
}

export interface EmbeddingStatus {
  available: boolean;
  model: string | null;
  reason?: string;
}

/** The usage log's operation of every embedding call (the allowance and the latency figures leave it out). */
export const EMBEDDING_OPERATION = 'embedding';

/** What an embedding call is for: its usage row's metadata.purpose. */
export type EmbeddingPurpose =
  | 'knowledge-index'
  | 'knowledge-search'
  | 'file-index'
  | 'file-search'
  | 'provider-check';

/**
 * Calls a person waits on (a search, a chat's retrieval): their usage rows are held for up to
 * USAGE_FLUSH_MS and written together, off the request's path (an insert beside the chat's own
 * statements measurably delayed its first token). `flushUsage()` writes them at once (app close,
 * tests). Indexing runs in the background and waits for its rows.
 */
const INTERACTIVE: ReadonlySet<EmbeddingPurpose> = new Set(['knowledge-search', 'file-search']);
const USAGE_FLUSH_MS = 1000;

/** Who an embedding call is for: the usage row's user (null: the platform's own work) and purpose. */
export interface EmbeddingUse {
  userId: string | null;
  purpose: EmbeddingPurpose;
}

/**
 * Tokens of texts a provider did not count (Ollama's older servers): about 4 characters a token,
 * the usual rule of thumb for English; such rows say metadata.tokensEstimated.
 */
export const estimateTokens = (texts: readonly string[]): number =>
  texts.reduce((n, t) => n + Math.ceil(t.length / 4), 0);

export interface EmbeddingServiceDeps {
  /** The provider layer (platform settings, keys, health); a getter since it is built after the context. */
  registry: () => Pick<ProviderRegistry, 'settings' | 'platformConnection'>;
  /** Where each call's usage rows go (one write per call); a getter, as `registry`. */
  usage?: () => Pick<AiUsageService, 'recordRows'>;
  config: AiConfig;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  fetch?: typeof fetch;
}

type EmbeddingProvider = 'ollama' | 'openai';

interface Route {
  provider: EmbeddingProvider;
  model: string;
  connection: Connection;
}

/** A provider answered, but not with EMBEDDING_DIMENSIONS finite numbers per text. */
export class WrongEmbeddingError extends Error {}

/**
 * Embeddings for knowledge search and file retrieval, from the platform's providers (the
 * superadmin's settings and keys, else the environment): Ollama's /api/embed first (local, free,
 * private), then OpenAI's /v1/embeddings asked for 384 dimensions. Only the platform's connection
 * is used: stored vectors are shared by everyone, so they must not depend on whose key ran.
 *
 * A provider that fails is skipped for the AI cooldown, so a search without a working provider
 * costs nothing rather than a timeout per request. `embed` answers null when no provider gives
 * vectors; callers then work on text alone.
 */
export class EmbeddingService {
  private readonly cooldownUntil = new Map<EmbeddingProvider, number>();
  private readonly lastError = new Map<EmbeddingProvider, string>();
  private lastStatus: { at: number; status: EmbeddingStatus } | null = null;
  /** Usage rows of interactive calls waiting for the next flush. */
  private heldRows: NewUsageRow[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** The model of this process's last successful call (`provider/model`). */
  private lastModel: string | null = null;

  constructor(private readonly d: EmbeddingServiceDeps) {}

  private now(): number {
    return this.d.clock.now().getTime();
  }

  /**
   * Vectors for `texts`, or null when no provider gives them. Every provider tried leaves a usage
   * row (operation 'embedding', for `use`), written together in one insert when the call ends
   * (for INTERACTIVE purposes, with others' within USAGE_FLUSH_MS).
   */
  async embed(texts: string[], use: EmbeddingUse, signal?: AbortSignal): Promise<EmbeddingResult | null> {
    const rows: NewUsageRow[] = [];
    try {
      return await this.tryRoutes(texts, use, rows, signal);
    } finally {
      if (rows.length > 0 && this.d.usage) {
        if (INTERACTIVE.has(use.purpose)) this.hold(rows);
        // recordRows never throws: a lost usage row must not fail the call.
        else await this.d.usage().recordRows(rows);
      }
    }
  }

  private hold(rows: NewUsageRow[]) {
    this.heldRows.push(...rows);
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => void this.flushUsage(), USAGE_FLUSH_MS);
    this.flushTimer.unref();
  }

  /** Writes the held usage rows of interactive calls now (one insert per 256 rows). */
  async flushUsage(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const rows = this.heldRows;
    this.heldRows = [];
    if (rows.length > 0) await this.d.usage?.().recordRows(rows);
  }

  private async tryRoutes(
    texts: string[],
    use: EmbeddingUse,
    rows: NewUsageRow[],
    signal?: AbortSignal,
  ): Promise<EmbeddingResult | null> {
    const routes = await this.routes();
    if (texts.length === 0) {
      // Nothing to send: no provider call, no usage row.
      const first = routes[0];
      return first ? { model: `${first.provider}/${first.model}`, vectors: [] } : null;
    }
    for (const route of routes) {
      if (signal?.aborted) return null;
      const started = this.now();
      const row = (r: Partial<NewUsageRow> & Pick<NewUsageRow, 'success'>): NewUsageRow => ({
        userId: use.userId,
        provider: route.provider,
        model: route.model,
        operation: EMBEDDING_OPERATION,
        responseTimeMs: Math.round(this.now() - started),
        ...r,
        metadata: { purpose: use.purpose, texts: texts.length, ...r.metadata },
      });
      try {
        const { vectors, tokens } = await this.embedWith(route, texts, signal);
        this.cooldownUntil.delete(route.provider);
        this.lastError.delete(route.provider);
        this.lastModel = `${route.provider}/${route.model}`;
        const counted = tokens ?? estimateTokens(texts);
        rows.push(
          row({
            success: true,
            promptTokens: counted,
            tokensUsed: counted,
            cost: callCost(route.provider, route.model, counted, 0),
            metadata: tokens === null ? { tokensEstimated: true } : {},
          }),
        );
        return { model: this.lastModel, vectors };
      } catch (err) {
        const message = (err as Error).message || String(err);
        if (signal?.aborted) {
          rows.push(row({ success: false, error: 'Cancelled by the caller' }));
          return null;
        }
        rows.push(row({ success: false, error: message.slice(0, 2000) }));
        this.lastError.set(route.provider, message);
        this.cooldownUntil.set(route.provider, this.now() + this.d.config.cooldownMs);
        this.d.log.warn({ provider: route.provider, model: route.model, err: message }, 'embedding failed');
      }
    }
    return null;
  }

  /**
   * The model that answered this process's last embedding call, or null before any. Stored vectors
   * of another model are never compared with its vectors, so the fill-in jobs embed those rows again
   * (a changed embedding model, or OpenAI standing in while Ollama is down).
   */
  currentModel(): string | null {
    return this.lastModel;
  }

  /** Forgets failures (an operator's "try again"; tests). */
  clearCooldowns(): void {
    this.cooldownUntil.clear();
    this.lastError.clear();
    this.lastStatus = null;
  }

  /** Whether an embedding provider answers now (a one-text probe, remembered for 30 seconds). */
  async status(): Promise<EmbeddingStatus> {
    if (this.lastStatus && this.now() - this.lastStatus.at < STATUS_TTL_MS) return this.lastStatus.status;
    const routes = await this.routes();
    let status: EmbeddingStatus;
    if (routes.length === 0) {
      status = { available: false, model: null, reason: this.unavailableReason() };
    } else {
      const result = await this.embed(['embedding provider check'], {
        userId: null,
        purpose: 'provider-check',
      });
      status = result
        ? { available: true, model: result.model }
        : { available: false, model: null, reason: this.unavailableReason() };
    }
    this.lastStatus = { at: this.now(), status };
    return status;
  }

  private unavailableReason(): string {
    const errors = [...this.lastError.entries()].map(([p, e]) => `${p}: ${e}`);
    return errors.length > 0
      ? `No embedding provider answered (${errors.join('; ')})`
      : 'No embedding provider is configured (Ollama with an embedding model, or an OpenAI key)';
  }

  /** The providers to try, in order: enabled, not known to be down, not cooling down after a failure. */
  private async routes(): Promise<Route[]> {
    const registry = this.d.registry();
    const settings = await registry.settings();
    const cfg = this.d.config.embeddings;
    const out: Route[] = [];
    const wanted: [EmbeddingProvider, string][] = [
      ['ollama', cfg.ollamaModel],
      ['openai', cfg.openaiModel],
    ];
    for (const [provider, model] of wanted) {
      const row = settings.get(provider);
      if (row && (!row.enabled || row.status === 'error')) continue;
      const until = this.cooldownUntil.get(provider);
      if (until !== undefined && until > this.now()) continue;
      const connection = registry.platformConnection(provider, row);
      if (provider === 'openai' && !connection.apiKey) continue;
      // Ollama checked unreachable is skipped; OpenAI's check lists chat models only, so its key decides.
      if (provider === 'ollama' && row?.status === 'unavailable') continue;
      out.push({ provider, model, connection });
    }
    return out;
  }

  /** The vectors, and the tokens the provider counted (null when it did not say for every batch). */
  private async embedWith(
    route: Route,
    texts: string[],
    signal?: AbortSignal,
  ): Promise<{ vectors: number[][]; tokens: number | null }> {
    const { embedMany } = await import('ai');
    const model = await embeddingModel(route, this.d.fetch ?? providerFetch);
    const out: number[][] = [];
    let tokens: number | null = 0;
    for (let i = 0; i < texts.length; i += BATCH_SIZE) {
      const batch = texts.slice(i, i + BATCH_SIZE);
      const timeout = AbortSignal.timeout(this.d.config.embeddings.timeoutMs);
      const { embeddings, usage } = await embedMany({
        model,
        values: batch,
        // all-minilm is 384-d by nature; OpenAI's text-embedding-3 models shorten to what is asked.
        dimensions: route.provider === 'openai' ? EMBEDDING_DIMENSIONS : undefined,
        maxRetries: 0,
        abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (embeddings.length !== batch.length) {
        throw new WrongEmbeddingError(`expected ${batch.length} embeddings, got ${embeddings.length}`);
      }
      for (const v of embeddings) out.push(unitVector(v));
      // The SDK reports NaN when the provider gave no count.
      tokens = tokens !== null && Number.isFinite(usage?.tokens) ? tokens + usage.tokens : null;
    }
    return { vectors: out, tokens };
  }
}

/** The vector scaled to length 1 (so cosine similarity is a dot product); refuses a wrong one. */
export function unitVector(v: readonly number[]): number[] {
  if (v.length !== EMBEDDING_DIMENSIONS) {
    throw new WrongEmbeddingError(`expected ${EMBEDDING_DIMENSIONS} dimensions, got ${v.length}`);
  }
  let sum = 0;
  for (const x of v) {
    if (!Number.isFinite(x)) throw new WrongEmbeddingError('embedding holds a non-finite number');
    sum += x * x;
  }
  if (sum === 0) throw new WrongEmbeddingError('embedding is all zeros');
  const norm = Math.sqrt(sum);
  return v.map((x) => x / norm);
}

async function embeddingModel(route: Route, fetchImpl: typeof fetch) {
  const baseURL = route.connection.baseUrl?.replace(/\/+$/, '') || undefined;
  if (route.provider === 'ollama') {
    const { createOllama } = await import('ollama-ai-provider-v2');
    return createOllama({
      baseURL: `${baseURL ?? 'http://127.0.0.1:11434'}/api`,
      fetch: fetchImpl,
    }).embedding(route.model);
  }
  const { createOpenAI } = await import('@ai-sdk/openai');
  return createOpenAI({ apiKey: route.connection.apiKey, baseURL, fetch: fetchImpl }).embedding(route.model);
}
