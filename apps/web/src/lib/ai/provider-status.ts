import type { AiProviderRecord } from '@stratos/contracts/ai/providers.schema';

/** The enhanced chat's first choice: no provider named, the router picks per question. */
export const AUTO_PROVIDER = 'auto';

export type ConnectionBadge = 'Connected' | 'Connection Failed' | 'Not Connected';

/** The selector's badge (part 2 section 2) from the record's status. */
export function connectionBadge(status: AiProviderRecord['status']): ConnectionBadge {
  if (status === 'available') return 'Connected';
  if (status === 'error') return 'Connection Failed';
  return 'Not Connected';
}

/** antd Badge status colour of each badge. */
export const BADGE_STATUS = {
  Connected: 'success',
  'Connection Failed': 'error',
  'Not Connected': 'default',
} as const satisfies Record<ConnectionBadge, 'success' | 'error' | 'default'>;

type ReasonSource = Pick<AiProviderRecord, 'status' | 'keySource' | 'error' | 'checkedAt'>;

/**
 * Why a provider cannot be chosen. The spec names two reasons: 'No credentials configured' (we say
 * it when no key answers for this user) and 'Credentials not configured'; the record knows more than
 * that, so with a key present we show its real error (the last check's), or that it was not checked.
 */
export function unavailableReason(p: ReasonSource): string {
  if (p.keySource === 'none') return 'No credentials configured';
  if (p.error) return p.error;
  if (!p.checkedAt || p.status === 'unknown') return 'Connection not checked yet';
  return 'Not reachable';
}

/** The spec's alert: 'Cannot select {provider}: {reason}'. */
export function cannotSelectMessage(p: ReasonSource & Pick<AiProviderRecord, 'name'>): string {
  return `Cannot select ${p.name}: ${unavailableReason(p)}`;
}

/** Only a connected provider can be chosen. */
export const isSelectable = (p: Pick<AiProviderRecord, 'status'>) => p.status === 'available';

/**
 * The local-model chat's model: llama3.2 when Ollama lists it (as `llama3.2` or its implied
 * `llama3.2:latest` tag). The spec says llama2 by default; the models the provider really lists win,
 * and our catalogue's default is llama3.2, so llama2 is used only when it is the one listed.
 * Then the record's defaultModel, then whatever the provider lists first.
 */
export function preferredLocalModel(
  p: Pick<AiProviderRecord, 'availableModels' | 'defaultModel'>,
): string | null {
  const listed = p.availableModels;
  const exact = listed.find((m) => m === 'llama3.2' || m === 'llama3.2:latest');
  if (exact) return exact;
  if (p.defaultModel && listed.includes(p.defaultModel)) return p.defaultModel;
  return p.defaultModel ?? listed[0] ?? null;
}

/** Models to offer for a provider: what it listed at its last check, else its known models. */
export function modelChoices(p: Pick<AiProviderRecord, 'availableModels' | 'models'>): string[] {
  return p.availableModels.length > 0 ? p.availableModels : p.models;
}
