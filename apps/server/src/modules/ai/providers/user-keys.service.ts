import {
  type AiKeyProvider,
  type AiProviderStatus,
  type AiUserKey,
  maskSecret,
} from '@stratos/contracts/ai/providers.schema';
import { notFound } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { TtlCache } from '../../../lib/ttl-cache';
import type { ProviderRegistry } from './provider-registry';
import type { AiProvidersRepository, UserKeyRow } from './providers.repository';
import type { KeyOpener, SecretBox } from './secret-box';

export interface UserKeysDeps {
  repo: Pick<AiProvidersRepository, 'listUserKeys' | 'saveUserKey' | 'deleteUserKey'>;
  registry: Pick<ProviderRegistry, 'check' | 'settings' | 'platformConnection'>;
  box: SecretBox;
  opener: Pick<KeyOpener, 'open'>;
  clock: Clock;
}

/** Shown for a stored key that can no longer be decrypted, wherever its status is. */
export const KEY_NEEDS_REENTRY = 'This key can no longer be read. Enter it again.';

const toKey = (r: UserKeyRow, readable: boolean): AiUserKey => ({
  provider: r.providerId as AiKeyProvider,
  maskedKey: r.maskedKey,
  status: readable ? r.status : 'error',
  error: readable ? r.error : KEY_NEEDS_REENTRY,
  needsReentry: !readable,
  checkedAt: r.checkedAt ? r.checkedAt.toISOString() : null,
  updatedAt: r.updatedAt.toISOString(),
});

type RoutingKeys = Map<string, { apiKey: string; status: AiProviderStatus }>;

/**
 * How long this process reuses a user's opened keys for routing. A save or removal on this node
 * drops them at once; another node (several run behind the load balancer) sees the change within
 * this time, as it sees provider settings (ProviderRegistry's SETTINGS_TTL_MS).
 */
export const ROUTING_KEYS_TTL_MS = 5000;
/** Users whose keys are held at most; past it the cache starts over. */
const ROUTING_KEYS_MAX_USERS = 10_000;

/**
 * A user's own provider keys: stored sealed (AES-256-GCM), shown masked, checked against the
 * provider when saved. A user never sets an endpoint: their key goes to the platform's endpoint.
 */
export class UserKeysService {
  /** Opened keys per user for the router, so an AI call reads and decrypts none (see ROUTING_KEYS_TTL_MS). */
  private readonly routing: TtlCache<string, RoutingKeys>;
  /** Bumped by every save and removal: a read that started before one is not kept. */
  private changes = 0;

  constructor(private readonly d: UserKeysDeps) {
    this.routing = new TtlCache(ROUTING_KEYS_TTL_MS, ROUTING_KEYS_MAX_USERS, () => d.clock.now().getTime());
  }

  async list(userId: string): Promise<AiUserKey[]> {
    return (await this.d.repo.listUserKeys(userId)).map((r) => toKey(r, this.readable(r)));
  }

  async save(userId: string, provider: AiKeyProvider, apiKey: string): Promise<AiUserKey> {
    const rows = await this.d.registry.settings();
    const platform = this.d.registry.platformConnection(provider, rows.get(provider));
    const check = await this.d.registry.check(provider, { baseUrl: platform.baseUrl, apiKey });
    const row = await this.d.repo.saveUserKey({
      userId,
      providerId: provider,
      apiKeyEnc: this.d.box.seal(apiKey),
      maskedKey: maskSecret(apiKey),
      status: check.status,
      error: check.error,
      checkedAt: this.d.clock.now(),
    });
    this.forget(userId);
    return toKey(row, true);
  }

  async remove(userId: string, provider: AiKeyProvider): Promise<void> {
    const removed = await this.d.repo.deleteUserKey(userId, provider);
    this.forget(userId);
    if (!removed) throw notFound('No key stored for this provider');
  }

  /** Statuses for the provider list; a key that no longer opens is an error that says so. */
  async statuses(userId: string): Promise<Map<string, { status: AiProviderStatus; error: string | null }>> {
    const rows = await this.d.repo.listUserKeys(userId);
    return new Map(
      rows.map((r) => {
        const key = toKey(r, this.readable(r));
        return [r.providerId, { status: key.status, error: key.error }];
      }),
    );
  }

  /** Opened keys for the router (a key that no longer opens is skipped); reused for ROUTING_KEYS_TTL_MS. */
  async forRouting(userId: string): Promise<RoutingKeys> {
    const held = this.routing.get(userId);
    if (held) return held;
    const now = this.d.clock.now().getTime();
    const changes = this.changes;
    const rows = await this.d.repo.listUserKeys(userId);
    const out: RoutingKeys = new Map();
    for (const r of rows) {
      // Sealed under another ENCRYPTION_KEY: unusable until the user saves it again.
      const apiKey = this.d.opener.open(r.apiKeyEnc, { provider: r.providerId, userId });
      if (apiKey !== null) out.set(r.providerId, { apiKey, status: r.status });
    }
    if (changes === this.changes) this.routing.set(userId, out, now);
    return out;
  }

  private readable(r: UserKeyRow): boolean {
    return this.d.opener.open(r.apiKeyEnc, { provider: r.providerId, userId: r.userId }) !== null;
  }

  private forget(userId: string): void {
    this.changes++;
    this.routing.delete(userId);
  }
}
