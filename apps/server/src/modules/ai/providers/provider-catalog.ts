import type { AiCallableProvider, AiCapability, AiProviderId } from '@stratos/contracts/ai/providers.schema';
import type { AiConfig } from '../../../config';

/** What never changes about a provider: the selector entry, its models and where it lives by default. */
export interface ProviderDefinition {
  id: AiProviderId;
  name: string;
  description: string;
  icon: string;
  type: 'local' | 'api';
  capabilities: AiCapability[];
  /** Known models; the check adds what the provider itself lists (availableModels). */
  models: string[];
  defaultModel: string | null;
  /** The public endpoint used when neither the platform settings nor the environment give one. */
  defaultBaseUrl: string | null;
  needsKey: boolean;
  /** Human name in error messages ('OpenAI API key not configured'). */
  label: string;
}

/** Fallback chain order (part 2 section 9); providers not in it come after, in catalogue order. */
export const FALLBACK_CHAIN: readonly AiCallableProvider[] = ['openai', 'anthropic', 'ollama', 'huggingface'];

export const OLLAMA_CHAT_MODEL = 'llama3.2';
export const OLLAMA_ANALYSIS_MODEL = 'llama3.2:3b';

export const PROVIDERS: readonly ProviderDefinition[] = [
  {
    id: 'ollama',
    name: 'Ollama (local)',
    description: 'Models running on our own local model service; free and private',
    icon: 'ollama',
    type: 'local',
    capabilities: ['chat', 'code', 'analysis', 'streaming'],
    models: [OLLAMA_CHAT_MODEL, OLLAMA_ANALYSIS_MODEL, 'llama2'],
    defaultModel: OLLAMA_CHAT_MODEL,
    defaultBaseUrl: 'http://127.0.0.1:11434',
    needsKey: false,
    label: 'Ollama',
  },
  {
    id: 'openai',
    name: 'OpenAI',
    description: 'GPT models: strong at code and long, complex questions',
    icon: 'openai',
    type: 'api',
    capabilities: ['chat', 'code', 'vision', 'analysis', 'streaming'],
    models: ['gpt-3.5-turbo', 'gpt-4', 'gpt-4-turbo'],
    defaultModel: 'gpt-3.5-turbo',
    defaultBaseUrl: 'https://api.openai.com/v1',
    needsKey: true,
    label: 'OpenAI',
  },
  {
    id: 'anthropic',
    name: 'Anthropic Claude',
    description: 'Claude models: careful analysis and writing',
    icon: 'anthropic',
    type: 'api',
    capabilities: ['chat', 'code', 'vision', 'analysis', 'streaming'],
    models: ['claude-3-haiku-20240307', 'claude-3-sonnet-20240229', 'claude-3-opus-20240229'],
    defaultModel: 'claude-3-haiku-20240307',
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    needsKey: true,
    label: 'Anthropic',
  },
  {
    id: 'google',
    name: 'Google Gemini',
    description: 'Gemini models: fast general answers and images',
    icon: 'google',
    type: 'api',
    capabilities: ['chat', 'vision', 'streaming'],
    models: ['gemini-pro', 'gemini-pro-vision'],
    defaultModel: 'gemini-pro',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    needsKey: true,
    label: 'Google',
  },
  {
    id: 'huggingface',
    name: 'Hugging Face',
    description: 'Open models served by Hugging Face inference',
    icon: 'huggingface',
    type: 'api',
    capabilities: ['chat', 'streaming'],
    models: ['mistralai/Mistral-7B-Instruct-v0.2'],
    defaultModel: 'mistralai/Mistral-7B-Instruct-v0.2',
    defaultBaseUrl: 'https://router.huggingface.co/v1',
    needsKey: true,
    label: 'Hugging Face',
  },
  {
    id: 'assistant',
    name: 'Assistant service',
    description: 'Hosted assistant service (not offered)',
    icon: 'assistant',
    type: 'api',
    capabilities: [],
    models: [],
    defaultModel: null,
    defaultBaseUrl: null,
    needsKey: false,
    label: 'Assistant',
  },
];

export function providerDefinition(id: AiProviderId): ProviderDefinition {
  const def = PROVIDERS.find((p) => p.id === id);
  if (!def) throw new Error(`no provider ${id}`);
  return def;
}

/** The endpoint and key the environment gives a provider (before platform settings apply). */
export function envSettings(config: AiConfig, id: AiProviderId): { apiKey?: string; baseUrl?: string } {
  switch (id) {
    case 'ollama':
      return { baseUrl: config.ollamaUrl };
    case 'openai':
    case 'anthropic':
    case 'google':
    case 'huggingface':
      return config[id];
    default:
      return {};
  }
}

/** Place in the fallback chain, 1-based; null when not in it. */
export function chainPriority(id: AiProviderId): number | null {
  const i = (FALLBACK_CHAIN as readonly string[]).indexOf(id);
  return i === -1 ? null : i + 1;
}
