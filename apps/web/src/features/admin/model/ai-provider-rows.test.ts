import type { AiProviderRecord, AiProviderSettings } from '@stratos/contracts/ai/providers.schema';
import { describe, expect, it } from 'vitest';
import { checkedInput, keySummary, lastCheckLine, providerRows } from './ai-provider-rows';

const record = (id: AiProviderRecord['id'], patch: Partial<AiProviderRecord> = {}) =>
  ({
    id,
    name: id,
    status: 'unknown',
    keySource: 'none',
    checkedAt: null,
    lastResponseTime: null,
    ...patch,
  }) as AiProviderRecord;
const settings = (
  id: AiProviderSettings['id'],
  patch: Partial<AiProviderSettings> = {},
): AiProviderSettings => ({
  id,
  enabled: true,
  apiKey: null,
  needsReentry: false,
  baseUrl: null,
  ...patch,
});

describe('providerRows', () => {
  it('joins records with settings and says what each provider can be given', () => {
    const rows = providerRows(
      [
        record('ollama', { status: 'available' }),
        record('openai', { status: 'error' }),
        record('assistant', { status: 'unavailable' }),
      ],
      [settings('openai', { apiKey: 'sk-…4321' }), settings('ollama')],
    );
    expect(
      rows.map((r) => [r.record.id, r.badge, r.configurable, r.takesKey, r.settings?.apiKey ?? null]),
    ).toEqual([
      ['ollama', 'Connected', true, false, null],
      ['openai', 'Connection Failed', true, true, 'sk-…4321'],
      ['assistant', 'Not Connected', false, false, null],
    ]);
  });
});

describe('lastCheckLine', () => {
  it('names the last check and its response time, or that there was none', () => {
    const rel = (iso: string) => `at ${iso}`;
    expect(lastCheckLine({ checkedAt: null, lastResponseTime: null }, rel)).toBe('Not checked yet');
    expect(lastCheckLine({ checkedAt: '2026-01-01T00:00:00.000Z', lastResponseTime: 85 }, rel)).toBe(
      'Checked at 2026-01-01T00:00:00.000Z · 85 ms',
    );
    expect(lastCheckLine({ checkedAt: '2026-01-01T00:00:00.000Z', lastResponseTime: null }, rel)).toBe(
      'Checked at 2026-01-01T00:00:00.000Z',
    );
  });
});

describe('keySummary', () => {
  it('shows the stored masked key, else where a key comes from', () => {
    const [stored] = providerRows([record('openai')], [settings('openai', { apiKey: 'sk-…4321' })]);
    const [env] = providerRows([record('openai', { keySource: 'platform' })], [settings('openai')]);
    const [none] = providerRows([record('openai')], []);
    expect([stored, env, none].map((r) => keySummary(r as never))).toEqual([
      'sk-…4321',
      'From the server environment',
      'Not set',
    ]);
  });
});

describe('checkedInput', () => {
  it('trims, and refuses blanks, long values and URLs that are not http(s)', () => {
    expect(checkedInput('  sk-abc  ', 'key')).toEqual({ value: 'sk-abc' });
    expect(checkedInput('   ', 'key')).toEqual({ error: 'Enter the API key' });
    expect(checkedInput('', 'url')).toEqual({ error: 'Enter the base URL' });
    expect(checkedInput('x'.repeat(501), 'key')).toEqual({ error: 'At most 500 characters' });
    expect(checkedInput('ftp://host/v1', 'url')).toEqual({
      error: 'The base URL must be an http or https URL',
    });
    expect(checkedInput('HTTPS://api.example.com/v1', 'url')).toEqual({
      value: 'HTTPS://api.example.com/v1',
    });
  });
});
