import {
  type AiKeyProvider,
  type AiProviderStatus,
  type AiUserKey,
  maskSecret,
} from '@stratos/contracts/ai/providers.schema';
import { notFound } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { ProviderRegistry } from './provider-registry';
import type { AiProvidersRepository, UserKeyRow } from './providers.repository';
import type { SecretBox } from './secret-box';

export interface UserKeysDeps {
  repo: Pick<AiProvidersRepository, 'listUserKeys' | 'saveUserKey' | 'deleteUserKey'>;
  registry: Pick<ProviderRegistry, 'check' | 'settings' | 'platformConnection'>;
  box: SecretBox;
  clock: Clock;
}

const toKey = (r: UserKeyRow): AiUserKey => ({
  provider: r.providerId as AiKeyProvider,
  maskedKey: r.maskedKey,
  status: r.status,
  error: r.error,
  checkedAt: r.checkedAt ? r.checkedAt.toISOString() : null,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * A user's own provider keys: stored sealed (AES-256-GCM), shown masked, checked against the
 * provider when saved. A user never sets an endpoint: their key goes to the platform's endpoint.
 */
export class UserKeysService {
  constructor(private readonly d: UserKeysDeps) {}

  async list(userId: string): Promise<AiUserKey[]> {
    return (await this.d.repo.listUserKeys(userId)).map(toKey);
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
    return toKey(row);
  }

  async remove(userId: string, provider: AiKeyProvider): Promise<void> {
    if (!(await this.d.repo.deleteUserKey(userId, provider)))
      throw notFound('No key stored for this provider');
  }

  /** Statuses for the provider list. */
  async statuses(userId: string): Promise<Map<string, { status: AiProviderStatus; error: string | null }>> {
    const rows = await this.d.repo.listUserKeys(userId);
    return new Map(rows.map((r) => [r.providerId, { status: r.status, error: r.error }]));
  }

  /** Opened keys for the router (a key that no longer opens is skipped). */
  async forRouting(userId: string): Promise<Map<string, { apiKey: string; status: AiProviderStatus }>> {
    const rows = await this.d.repo.listUserKeys(userId);
    const out = new Map<string, { apiKey: string; status: AiProviderStatus }>();
    for (const r of rows) {
      try {
        out.set(r.providerId, { apiKey: this.d.box.open(r.apiKeyEnc), status: r.status });
      } catch {
        // Sealed under another ENCRYPTION_KEY: unusable until the user saves it again.
      }
    }
    return out;
  }
}
