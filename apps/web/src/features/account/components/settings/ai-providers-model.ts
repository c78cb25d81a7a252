import {
  type AiKeyProvider,
  type AiProviderRecord,
  type AiUserKey,
  aiKeyProviderSchema,
  aiUserKeyBodySchema,
} from '@stratos/contracts/ai/providers.schema';

/** The providers that take a key, in the order the tab lists them. */
export const KEY_PROVIDERS: readonly AiKeyProvider[] = aiKeyProviderSchema.options;

export const KEY_PROVIDER_NAMES: Record<AiKeyProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  huggingface: 'Hugging Face',
};

/** Connected / Connection Failed / Not checked yet, as the chat's provider badges say it. */
export function keyStatusBadge(status: AiUserKey['status']): {
  badge: 'success' | 'error' | 'default';
  text: string;
} {
  if (status === 'available') return { badge: 'success', text: 'Connected' };
  if (status === 'error' || status === 'unavailable') return { badge: 'error', text: 'Connection Failed' };
  return { badge: 'default', text: 'Not checked yet' };
}

/** Whose key answers this user's queries to the provider. */
export function keySourceText(record: Pick<AiProviderRecord, 'keySource'> | undefined, name: string): string {
  switch (record?.keySource) {
    case 'user':
      return `Your own key answers your ${name} queries.`;
    case 'platform':
      return `Stratos's platform key serves you; add your own to use your ${name} account instead.`;
    case 'none':
      return `No key: add yours to use ${name}.`;
    default:
      return `${name} is not offered right now.`;
  }
}

/** The same rule the server applies (trimmed, 8 to 500 characters); null when the key may be sent. */
export function apiKeyProblem(value: string): string | null {
  if (value.trim() === '') return 'Enter the API key';
  const parsed = aiUserKeyBodySchema.safeParse({ apiKey: value });
  if (parsed.success) return null;
  return value.trim().length < 8
    ? 'An API key has at least 8 characters'
    : 'An API key has at most 500 characters';
}

/** What the user is told after saving a key, which the server checks on save. */
export function savedKeyMessage(key: Pick<AiUserKey, 'status' | 'error'>, name: string) {
  if (key.status === 'available')
    return { type: 'success' as const, text: `${name} key saved and connected.` };
  if (key.status === 'unknown')
    return { type: 'info' as const, text: `${name} key saved; it has not been checked yet.` };
  return {
    type: 'warning' as const,
    text: `${name} key saved, but the connection failed${key.error ? `: ${key.error}` : '.'}`,
  };
}
