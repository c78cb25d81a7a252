import {
  type AiProviderId,
  type AiProviderSettingsBody,
  aiProviderSettingsListReplySchema,
  aiProviderSettingsReplySchema,
  aiProvidersReplySchema,
} from '@stratos/contracts/ai/providers.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const adminAiProvidersKey = ['admin', 'ai-providers'] as const;
const recordsKey = [...adminAiProvidersKey, 'records'] as const;
const settingsKey = [...adminAiProvidersKey, 'settings'] as const;

/** GET /api/ai/providers: each provider's status, last check and error. */
export async function fetchProviderRecords(signal?: AbortSignal) {
  return (await apiRequest('/ai/providers', { schema: aiProvidersReplySchema, signal })).data.providers;
}

/** GET /api/ai/providers/settings (superadmin): the stored platform key (masked), base URL and switch. */
export async function fetchProviderSettings(signal?: AbortSignal) {
  return (await apiRequest('/ai/providers/settings', { schema: aiProviderSettingsListReplySchema, signal }))
    .data.settings;
}

/** PUT /api/ai/providers/{id}/settings: null clears a value; the server rechecks the provider. */
export async function saveProviderSettings(id: AiProviderId, body: AiProviderSettingsBody) {
  const reply = await apiRequest(`/ai/providers/${encodeURIComponent(id)}/settings`, {
    method: 'PUT',
    body,
    schema: aiProviderSettingsReplySchema,
  });
  return reply.data;
}

/** POST /api/ai/providers/test: checks every provider now. */
export async function checkAllProviders() {
  return (await apiRequest('/ai/providers/test', { method: 'POST', schema: aiProvidersReplySchema })).data
    .providers;
}

export const useProviderRecords = () =>
  useQuery({ queryKey: recordsKey, queryFn: ({ signal }) => fetchProviderRecords(signal) });

export const useProviderSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => fetchProviderSettings(signal) });

export function useSaveProviderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: AiProviderId; body: AiProviderSettingsBody }) =>
      saveProviderSettings(id, body),
    onSettled: () => client.invalidateQueries({ queryKey: adminAiProvidersKey }),
  });
}

export function useCheckAllProviders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: checkAllProviders,
    onSuccess: (records) => client.setQueryData(recordsKey, records),
  });
}
