import {
  AI_CALLABLE_PROVIDERS,
  type AiCallableProvider,
  type AiProviderId,
  type AiProviderRecord,
  type AiProviderStatus,
} from '@stratos/contracts/ai/providers.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AiConfig } from '../../../config';
import type { Clock } from '../../../lib/clock';
import { type CheckResult, type Connection, checkProvider } from './adapters';
import { checkBaseUrl, type Resolver } from './base-url-rule';
import { chainPriority, envSettings, PROVIDERS, providerDefinition } from './provider-catalog';
import type { AiProvidersRepository, ProviderSettingsRow } from './providers.repository';
import type { KeyOpener } from './secret-box';

/** A provider the router may call for one user, with whose key. */
export interface Candidate {
  id: AiCallableProvider;
  connection: Connection;
  source: 'user' | 'platform';
  lastResponseTime: number | null;
  availableModels: string[];
  /** Cooldown key: a user's own key is sidelined apart from the platform's. */
  cooldownKey: string;
}

export interface RegistryDeps {
  repo: AiProvidersRepository;
  opener: Pick<KeyOpener, 'open'>;
  config: AiConfig;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  fetch?: typeof fetch;
  /** DNS for the base-URL rule (tests pass their own). */
  resolve?: Resolver;
}

/** Settings rows are re-read at most this often, so every node sees a check another node made. */
const SETTINGS_TTL_MS = 5000;

/**
 * The providers' state: platform settings and health (in the database, so all nodes share it),
 * cooldowns of failing providers (per process), and checks (at start, every 5 minutes, on demand).
 */
export class ProviderRegistry {
  private cache: { at: number; rows: Map<string, ProviderSettingsRow> } | null = null;
  private readonly cooldowns = new Map<string, number>();
  private checking: Promise<void> | null = null;
  private recheck: Promise<void> | null = null;

  constructor(private readonly d: RegistryDeps) {}

  private now(): number {
    return this.d.clock.now().getTime();
  }

  async settings(): Promise<Map<string, ProviderSettingsRow>> {
    if (this.cache && this.now() - this.cache.at < SETTINGS_TTL_MS) return this.cache.rows;
    const rows = await this.d.repo.listSettings();
    this.cache = { at: this.now(), rows: new Map(rows.map((r) => [r.providerId, r])) };
    return this.cache.rows;
  }

  invalidate(): void {
    this.cache = null;
  }

  /** The platform's endpoint and key for a provider: stored settings, else the environment, else the public endpoint. */
  platformConnection(id: AiProviderId, row: ProviderSettingsRow | undefined): Connection {
    const env = envSettings(this.d.config, id);
    // A stored key that no longer opens is ignored (and logged once by the opener); the
    // superadmin's settings show it as needing re-entry.
    const stored = row?.apiKeyEnc ? this.d.opener.open(row.apiKeyEnc, { provider: id }) : null;
    const apiKey = stored ?? env.apiKey;
    return { apiKey, baseUrl: row?.baseUrl ?? env.baseUrl ?? providerDefinition(id).defaultBaseUrl };
  }

  /** Checks one provider with a given connection (a user's new key, or the platform's). */
  check(id: AiProviderId, conn: Connection): Promise<CheckResult> {
    return checkProvider(id, conn, this.d.config.checkTimeoutMs, this.d.fetch);
  }

  /**
   * Checks every provider now with the platform's settings and stores the results. A call made while
   * a run is in flight gets one more run after it (shared by every caller meanwhile): the run in
   * flight may have started before what the caller changed (a key, a provider coming back).
   */
  checkAll(): Promise<void> {
    if (!this.checking) {
      this.checking = this.runChecks().finally(() => {
        this.checking = null;
      });
      return this.checking;
    }
    this.recheck ??= this.checking
      .catch(() => {})
      .then(() => {
        this.recheck = null;
        return this.checkAll();
      });
    return this.recheck;
  }

  private async runChecks(): Promise<void> {
    this.invalidate();
    const rows = await this.settings();
    await Promise.all(
      PROVIDERS.map(async (def) => {
        const row = rows.get(def.id);
        const result: CheckResult =
          row && !row.enabled
            ? {
                status: 'unavailable',
                responseTimeMs: 0,
                availableModels: [],
                error: 'Disabled by the administrator',
              }
            : ((await this.storedUrlRefused(row)) ??
              (await this.check(def.id, this.platformConnection(def.id, row))));
        await this.d.repo.saveCheck(def.id, {
          status: result.status,
          lastResponseMs: result.responseTimeMs || null,
          availableModels: result.availableModels,
          error: result.error,
          checkedAt: this.d.clock.now(),
        });
        if (row?.status !== result.status) {
          this.d.log.info(
            { provider: def.id, status: result.status, error: result.error },
            'AI provider status',
          );
        }
      }),
    );
    this.invalidate();
  }

  /**
   * A stored base URL is checked again with each health check, so a name that has since come to
   * resolve to a private address stops being used within one check interval.
   */
  private async storedUrlRefused(row: ProviderSettingsRow | undefined): Promise<CheckResult | null> {
    if (!row?.baseUrl) return null;
    try {
      await checkBaseUrl(row.baseUrl, this.d.config.ollamaUrl, this.d.resolve);
      return null;
    } catch (err) {
      return { status: 'error', responseTimeMs: 0, availableModels: [], error: (err as Error).message };
    }
  }

  /** Skips a provider until `untilMs` (a rate limit's Retry-After or a failure's cooldown). */
  sideline(key: string, forMs: number): void {
    this.cooldowns.set(key, this.now() + forMs);
  }

  /** Forgets every cooldown (an operator's "try them all again"; tests). */
  clearCooldowns(): void {
    this.cooldowns.clear();
  }

  cooldownUntil(key: string): number | null {
    const until = this.cooldowns.get(key);
    if (until === undefined) return null;
    if (until <= this.now()) {
      this.cooldowns.delete(key);
      return null;
    }
    return until;
  }

  /** Providers that may answer this user now: enabled, checked available (their own key first), not sidelined. */
  async candidates(
    userId: string,
    userKeys: Map<string, { apiKey: string; status: AiProviderStatus }>,
  ): Promise<Candidate[]> {
    const rows = await this.settings();
    const out: Candidate[] = [];
    for (const id of AI_CALLABLE_PROVIDERS) {
      const row = rows.get(id);
      if (row && !row.enabled) continue;
      const platform = this.platformConnection(id, row);
      const own = userKeys.get(id);
      let candidate: Candidate | null = null;
      if (own && own.status === 'available') {
        candidate = {
          id,
          connection: { baseUrl: platform.baseUrl, apiKey: own.apiKey },
          source: 'user',
          lastResponseTime: row?.lastResponseMs ?? null,
          availableModels: row?.availableModels ?? [],
          cooldownKey: `${id}:user:${userId}`,
        };
      } else if (row?.status === 'available') {
        candidate = {
          id,
          connection: platform,
          source: 'platform',
          lastResponseTime: row.lastResponseMs,
          availableModels: row.availableModels,
          cooldownKey: `${id}:platform`,
        };
      }
      if (candidate && this.cooldownUntil(candidate.cooldownKey) === null) out.push(candidate);
    }
    return out;
  }

  /** The provider records of part 2 section 3, as this user sees them. */
  async records(
    userId: string,
    userKeys: Map<string, { status: AiProviderStatus; error: string | null }>,
    /** The fallback order in force; the spec's chain when not given. */
    order?: readonly string[],
  ): Promise<AiProviderRecord[]> {
    const rows = await this.settings();
    return PROVIDERS.map((def) => {
      const row = rows.get(def.id);
      const conn = this.platformConnection(def.id, row);
      const own = userKeys.get(def.id);
      const useOwn = own !== undefined && (own.status === 'available' || row?.status !== 'available');
      const keySource = useOwn ? 'user' : def.needsKey ? (conn.apiKey ? 'platform' : 'none') : 'platform';
      const status: AiProviderStatus =
        row && !row.enabled ? 'unavailable' : useOwn ? own.status : (row?.status ?? 'unknown');
      const cooldownKey = useOwn ? `${def.id}:user:${userId}` : `${def.id}:platform`;
      const until = this.cooldownUntil(cooldownKey);
      return {
        id: def.id,
        name: def.name,
        description: def.description,
        icon: def.icon,
        priority: order ? (order.includes(def.id) ? order.indexOf(def.id) + 1 : null) : chainPriority(def.id),
        type: def.type,
        endpoint: def.id === 'assistant' ? null : conn.baseUrl,
        models: def.models,
        defaultModel: def.defaultModel,
        capabilities: def.capabilities,
        status,
        lastResponseTime: row?.lastResponseMs ?? null,
        availableModels: row?.availableModels ?? [],
        error: useOwn ? own.error : (row?.error ?? null),
        checkedAt: row?.checkedAt ? row.checkedAt.toISOString() : null,
        enabled: row?.enabled ?? true,
        keySource: def.id === 'assistant' ? 'none' : keySource,
        cooldownUntil: until ? new Date(until).toISOString() : null,
      };
    });
  }
}
