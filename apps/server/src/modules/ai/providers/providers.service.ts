import {
  AI_PROVIDER_IDS,
  type AiProviderId,
  type AiProviderRecord,
  type AiProviderSettings,
  type AiProviderSettingsBody,
  maskSecret,
} from '@stratos/contracts/ai/providers.schema';
import { badRequest } from '../../../lib/app-error';
import { checkBaseUrl, type Resolver } from './base-url-rule';
import { providerDefinition } from './provider-catalog';
import type { ProviderRegistry } from './provider-registry';
import type { AiProvidersRepository } from './providers.repository';
import type { KeyOpener, SecretBox } from './secret-box';
import type { UserKeysService } from './user-keys.service';

export interface ProvidersDeps {
  registry: ProviderRegistry;
  keys: Pick<UserKeysService, 'statuses'>;
  repo: Pick<AiProvidersRepository, 'saveSettings' | 'listSettings'>;
  box: SecretBox;
  opener: Pick<KeyOpener, 'open'>;
  ollamaUrl: string;
  resolve?: Resolver;
  /** The provider order set in AI management (records' priority follows it). */
  providerOrder?: () => Promise<readonly string[]>;
}

/** The provider list, on-demand checks and the superadmin's platform settings. */
export class ProvidersService {
  constructor(private readonly d: ProvidersDeps) {}

  async list(userId: string): Promise<AiProviderRecord[]> {
    const [statuses, order] = await Promise.all([this.d.keys.statuses(userId), this.d.providerOrder?.()]);
    return this.d.registry.records(userId, statuses, order);
  }

  /** Checks every provider now (POST /ai/providers/test) and lists them. */
  async testAll(userId: string): Promise<AiProviderRecord[]> {
    await this.d.registry.checkAll();
    return this.list(userId);
  }

  /** Superadmin only (the route's guard): every provider's stored platform settings, the key masked. */
  async settings(): Promise<AiProviderSettings[]> {
    const rows = new Map((await this.d.repo.listSettings()).map((r) => [r.providerId, r]));
    return AI_PROVIDER_IDS.map((id) => {
      const row = rows.get(id);
      return {
        id,
        enabled: row?.enabled ?? true,
        ...this.storedKey(id, row?.apiKeyEnc),
        baseUrl: row?.baseUrl ?? null,
      };
    });
  }

  /** The stored platform key as the settings show it: masked, or flagged when it no longer opens. */
  private storedKey(id: AiProviderId, sealed: string | null | undefined) {
    if (!sealed) return { apiKey: null, needsReentry: false };
    const key = this.d.opener.open(sealed, { provider: id });
    return key === null
      ? { apiKey: null, needsReentry: true }
      : { apiKey: maskSecret(key), needsReentry: false };
  }

  /** Superadmin only (the route's guard): stores a key (sealed), a base URL (checked) or the switch, then rechecks. */
  async updateSettings(userId: string, id: AiProviderId, body: AiProviderSettingsBody) {
    const def = providerDefinition(id);
    if (id === 'assistant') throw badRequest('The assistant service has no settings');
    if (body.apiKey && !def.needsKey) throw badRequest(`${def.label} takes no API key`);
    const patch: Parameters<AiProvidersRepository['saveSettings']>[1] = {};
    if (body.apiKey !== undefined)
      patch.apiKeyEnc = body.apiKey === null ? null : this.d.box.seal(body.apiKey);
    if (body.baseUrl !== undefined) {
      patch.baseUrl =
        body.baseUrl === null ? null : await checkBaseUrl(body.baseUrl, this.d.ollamaUrl, this.d.resolve);
    }
    if (body.enabled !== undefined) patch.enabled = body.enabled;
    const row = await this.d.repo.saveSettings(id, patch);
    await this.d.registry.checkAll();
    const provider = (await this.list(userId)).find((p) => p.id === id) as AiProviderRecord;
    return {
      settings: {
        id,
        enabled: row.enabled,
        ...(body.apiKey
          ? { apiKey: maskSecret(body.apiKey), needsReentry: false }
          : this.storedKey(id, row.apiKeyEnc)),
        baseUrl: row.baseUrl,
      },
      provider,
    };
  }
}
