import type { AiProviderRecord } from '@stratos/contracts/ai/providers.schema';

/** Tests: a complete provider record (as GET /api/ai/providers answers it) with `over` applied. */
export const providerRecord = (over: Partial<AiProviderRecord> = {}): AiProviderRecord => ({
  id: 'ollama',
  name: 'Ollama',
  description: '',
  icon: over.id ?? 'ollama',
  priority: 1,
  type: over.id && over.id !== 'ollama' ? 'api' : 'local',
  endpoint: null,
  models: [],
  defaultModel: null,
  capabilities: ['chat'],
  status: 'unknown',
  lastResponseTime: null,
  availableModels: [],
  error: null,
  checkedAt: null,
  enabled: true,
  keySource: 'none',
  cooldownUntil: null,
  ...over,
});
