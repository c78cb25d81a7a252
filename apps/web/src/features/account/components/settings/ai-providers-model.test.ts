import { describe, expect, it } from 'vitest';
import {
  apiKeyProblem,
  KEY_PROVIDERS,
  keySourceText,
  keyStatusBadge,
  savedKeyMessage,
} from './ai-providers-model';
import { settingsTabFrom } from './settings-tabs';

describe('AI providers settings rules', () => {
  it('lists the four providers that take a key', () => {
    expect(KEY_PROVIDERS).toEqual(['openai', 'anthropic', 'google', 'huggingface']);
    expect(settingsTabFrom('ai-providers')).toBe('ai-providers');
  });

  it('checks a key as the server does: trimmed, 8 to 500 characters', () => {
    expect(apiKeyProblem('')).toBe('Enter the API key');
    expect(apiKeyProblem('   ')).toBe('Enter the API key');
    expect(apiKeyProblem('sk-1234')).toBe('An API key has at least 8 characters');
    expect(apiKeyProblem('  sk-1234  ')).toBe('An API key has at least 8 characters');
    expect(apiKeyProblem('sk-12345')).toBeNull();
    expect(apiKeyProblem('x'.repeat(501))).toBe('An API key has at most 500 characters');
  });

  it('shows Connected or Connection Failed for a checked key', () => {
    expect(keyStatusBadge('available')).toEqual({ badge: 'success', text: 'Connected' });
    expect(keyStatusBadge('error').text).toBe('Connection Failed');
    expect(keyStatusBadge('unavailable').text).toBe('Connection Failed');
    expect(keyStatusBadge('unknown').text).toBe('Not checked yet');
  });

  it('says whose key serves the user', () => {
    expect(keySourceText({ keySource: 'user' }, 'OpenAI')).toBe('Your own key answers your OpenAI queries.');
    expect(keySourceText({ keySource: 'platform' }, 'OpenAI')).toMatch(/^Stratos's platform key serves you/);
    expect(keySourceText({ keySource: 'none' }, 'Google')).toBe('No key: add yours to use Google.');
    expect(keySourceText(undefined, 'Google')).toBe('Google is not offered right now.');
  });

  it("reports the server's check of a saved key", () => {
    expect(savedKeyMessage({ status: 'available', error: null }, 'OpenAI')).toEqual({
      type: 'success',
      text: 'OpenAI key saved and connected.',
    });
    expect(savedKeyMessage({ status: 'error', error: 'Incorrect API key' }, 'OpenAI')).toEqual({
      type: 'warning',
      text: 'OpenAI key saved, but the connection failed: Incorrect API key',
    });
  });
});
