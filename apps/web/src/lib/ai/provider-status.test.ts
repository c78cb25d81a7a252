import type { AiProviderRecord } from '@stratos/contracts/ai/providers.schema';
import { describe, expect, it } from 'vitest';
import {
  cannotSelectMessage,
  connectionBadge,
  isSelectable,
  modelChoices,
  preferredLocalModel,
  unavailableReason,
} from './provider-status';

const record = (patch: Partial<AiProviderRecord>) => ({
  name: 'OpenAI',
  status: 'unknown' as AiProviderRecord['status'],
  keySource: 'platform' as AiProviderRecord['keySource'],
  error: null,
  checkedAt: null,
  ...patch,
});

describe('connection badge', () => {
  it('maps each status to the spec badge', () => {
    expect(connectionBadge('available')).toBe('Connected');
    expect(connectionBadge('error')).toBe('Connection Failed');
    expect(connectionBadge('unavailable')).toBe('Not Connected');
    expect(connectionBadge('unknown')).toBe('Not Connected');
  });

  it('lets only an available provider be chosen', () => {
    expect(isSelectable({ status: 'available' })).toBe(true);
    for (const status of ['error', 'unavailable', 'unknown'] as const)
      expect(isSelectable({ status })).toBe(false);
  });
});

describe('reason a provider cannot be chosen', () => {
  it('says no credentials when no key answers for the user, whatever the last error', () => {
    expect(
      cannotSelectMessage(
        record({ keySource: 'none', status: 'unavailable', error: 'OpenAI API key not configured' }),
      ),
    ).toBe('Cannot select OpenAI: No credentials configured');
  });

  it("shows the record's own error when a key is there", () => {
    expect(
      unavailableReason(
        record({ status: 'error', error: 'invalid api key', checkedAt: '2026-01-01T00:00:00Z' }),
      ),
    ).toBe('invalid api key');
  });

  it('says the connection was not checked yet before the first check', () => {
    expect(unavailableReason(record({ status: 'unknown' }))).toBe('Connection not checked yet');
  });
});

describe('models', () => {
  it('prefers llama3.2 under its implied :latest tag when Ollama lists it', () => {
    expect(
      preferredLocalModel({
        availableModels: ['mistral', 'llama3.2:latest', 'llama3.2:3b'],
        defaultModel: 'llama3.2',
      }),
    ).toBe('llama3.2:latest');
  });

  it('falls back to the default model, then to the first listed', () => {
    expect(preferredLocalModel({ availableModels: ['llama2', 'mistral'], defaultModel: 'mistral' })).toBe(
      'mistral',
    );
    expect(preferredLocalModel({ availableModels: ['llama2'], defaultModel: null })).toBe('llama2');
    expect(preferredLocalModel({ availableModels: [], defaultModel: null })).toBeNull();
  });

  it('offers the listed models, else the known ones', () => {
    expect(modelChoices({ availableModels: ['a'], models: ['b'] })).toEqual(['a']);
    expect(modelChoices({ availableModels: [], models: ['b'] })).toEqual(['b']);
  });
});
