import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.schema';
import { singleLineText } from '../common/text.schema';

/** AI providers (part 2 sections 3, 4, 7, 9; DECISIONS.md 6). */

export const AI_PROVIDER_IDS = [
  'ollama',
  'openai',
  'anthropic',
  'google',
  'huggingface',
  'assistant',
] as const;
export const aiProviderIdSchema = z.enum(AI_PROVIDER_IDS);
export type AiProviderId = z.infer<typeof aiProviderIdSchema>;

export { AI_CALLABLE_PROVIDERS, type AiCallableProvider } from './callable-providers';
/** Providers that take a key (a user may keep their own). */
export const aiKeyProviderSchema = z.enum(['openai', 'anthropic', 'google', 'huggingface']);
export type AiKeyProvider = z.infer<typeof aiKeyProviderSchema>;

export const aiProviderStatusSchema = z.enum(['unknown', 'available', 'unavailable', 'error']);
export type AiProviderStatus = z.infer<typeof aiProviderStatusSchema>;

export const aiCapabilitySchema = z.enum(['chat', 'code', 'vision', 'analysis', 'streaming']);
export type AiCapability = z.infer<typeof aiCapabilitySchema>;

export const AI_MESSAGES = {
  noProviders: 'No AI providers available',
  allFailed: 'All AI providers failed',
  unknownProvider: (name: string) => `Unknown provider: ${name}`,
  allowanceSpent: (limit: number) =>
    `You have used all ${limit} AI queries of your plan this month. Upgrade your plan or wait until next month.`,
  baseUrlForbidden: 'Only the superadmin may set a base URL',
  baseUrlPrivate:
    'This base URL points at a private, loopback or link-local address; only the configured Ollama host may',
  baseUrlInvalid: 'The base URL must be an http or https URL',
  /** 402 before any provider is called: a prepaid balance that cannot cover the call's most. */
  insufficientCredits: (estimate: string, provider: string, available: string) =>
    `Insufficient credits: this AI request may cost up to ${estimate} credits on ${provider} and your available balance is ${available} credits. No free AI provider could answer it; buy credits to continue.`,
} as const;

/** The provider record of part 2 section 3 plus the selector entry (id, description, priority, icon). */
export const aiProviderRecordSchema = z.object({
  id: aiProviderIdSchema,
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  /** Place in the fallback chain (1 first); null when the provider is not in the chain. */
  priority: z.number().int().nullable(),
  type: z.enum(['local', 'api']),
  endpoint: z.string().nullable(),
  models: z.array(z.string()),
  defaultModel: z.string().nullable(),
  capabilities: z.array(aiCapabilitySchema),
  status: aiProviderStatusSchema,
  /** Milliseconds the last check took; null before the first. */
  lastResponseTime: z.number().int().nullable(),
  availableModels: z.array(z.string()),
  error: z.string().nullable(),
  checkedAt: z.iso.datetime().nullable(),
  enabled: z.boolean(),
  /** Whose key answers for the signed-in user: their own, the platform's, or none. */
  keySource: z.enum(['user', 'platform', 'none']),
  /** Set while the router skips a failing provider (rate limit or errors). */
  cooldownUntil: z.iso.datetime().nullable(),
});
export type AiProviderRecord = z.infer<typeof aiProviderRecordSchema>;

export const aiProvidersReplySchema = dataEnvelope(z.object({ providers: z.array(aiProviderRecordSchema) }));
export type AiProvidersReply = z.infer<typeof aiProvidersReplySchema>;

export const aiProviderParamsSchema = z.object({ id: aiProviderIdSchema });

/** Platform settings of one provider (superadmin). A null clears the stored value. */
export const aiProviderSettingsBodySchema = z.strictObject({
  apiKey: singleLineText({ trim: true }).min(1).max(500).nullable().optional(),
  baseUrl: singleLineText({ trim: true }).min(1).max(500).nullable().optional(),
  enabled: z.boolean().optional(),
});
export type AiProviderSettingsBody = z.infer<typeof aiProviderSettingsBodySchema>;

export const aiProviderSettingsSchema = z.object({
  id: aiProviderIdSchema,
  enabled: z.boolean(),
  /** The stored platform key, masked; null when none is stored (the environment's may still apply). */
  apiKey: z.string().nullable(),
  /** A key is stored but can no longer be decrypted (the server's encryption key changed): enter it again. */
  needsReentry: z.boolean(),
  baseUrl: z.string().nullable(),
});
export const aiProviderSettingsReplySchema = dataEnvelope(
  z.object({ settings: aiProviderSettingsSchema, provider: aiProviderRecordSchema }),
);
/** GET /ai/providers/settings (superadmin): the stored platform settings of every provider. */
export type AiProviderSettings = z.infer<typeof aiProviderSettingsSchema>;
export const aiProviderSettingsListReplySchema = dataEnvelope(
  z.object({ settings: z.array(aiProviderSettingsSchema) }),
);

export const aiKeyParamsSchema = z.object({ provider: aiKeyProviderSchema });
export const aiUserKeyBodySchema = z.strictObject({ apiKey: singleLineText({ trim: true }).min(8).max(500) });
export type AiUserKeyBody = z.infer<typeof aiUserKeyBodySchema>;

export const aiUserKeySchema = z.object({
  provider: aiKeyProviderSchema,
  /** e.g. "sk-…a1b2": never the whole key. */
  maskedKey: z.string(),
  status: aiProviderStatusSchema,
  error: z.string().nullable(),
  /** The key is stored but can no longer be decrypted (the server's encryption key changed): enter it again. */
  needsReentry: z.boolean(),
  checkedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export type AiUserKey = z.infer<typeof aiUserKeySchema>;
export const aiUserKeysReplySchema = dataEnvelope(z.object({ keys: z.array(aiUserKeySchema) }));
export const aiUserKeyReplySchema = dataEnvelope(z.object({ key: aiUserKeySchema }));

/** Masks a secret for display: a short prefix and the last four characters. */
export function maskSecret(secret: string): string {
  if (secret.length <= 8) return '••••';
  const prefix = secret.slice(0, Math.min(3, secret.length - 4));
  return `${prefix}…${secret.slice(-4)}`;
}
