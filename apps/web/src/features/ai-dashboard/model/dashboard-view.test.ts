import type { AiProviderRecord } from '@stratos/contracts/ai/providers.schema';
import { describe, expect, it } from 'vitest';
import {
  categoryRows,
  fileAnalysisLink,
  formatConfidence,
  formatResponseTime,
  isEmpty,
  PENDING_REFRESH_MS,
  pendingMessage,
  pendingRefreshMs,
  providerBadge,
  queuedMessage,
  sortProviders,
} from './dashboard-view';

describe('AI dashboard view rules', () => {
  it('polls only while analyses are pending', () => {
    expect(pendingRefreshMs(undefined)).toBe(false);
    expect(pendingRefreshMs({ pendingAnalyses: 0 })).toBe(false);
    expect(pendingRefreshMs({ pendingAnalyses: 2 })).toBe(PENDING_REFRESH_MS);
  });

  it('says how many files were queued, and when none were', () => {
    expect(queuedMessage({ queued: 0, retried: 0 })).toBe(
      'Nothing new to analyse: every readable file already has an analysis.',
    );
    expect(queuedMessage({ queued: 1, retried: 0 })).toBe('Queued 1 file for analysis.');
    expect(queuedMessage({ queued: 12, retried: 0 })).toBe('Queued 12 files for analysis.');
    expect(queuedMessage({ queued: 2, retried: 2 })).toBe('Trying 2 failed analyses again.');
    expect(queuedMessage({ queued: 3, retried: 1 })).toBe(
      'Queued 2 new files and trying 1 failed analysis again.',
    );
    expect(pendingMessage(0)).toBeNull();
    expect(pendingMessage(1)).toMatch(/^1 file being analysed .* until it is done\.$/);
    expect(pendingMessage(3)).toMatch(/^3 files being analysed .* until they are done\.$/);
  });

  it('formats confidence and response time, with a dash for none', () => {
    expect(formatConfidence(null)).toBe('—');
    expect(formatConfidence(0.834)).toBe('83%');
    expect(formatConfidence(1)).toBe('100%');
    expect(formatResponseTime(null)).toBe('—');
    expect(formatResponseTime(42)).toBe('42 ms');
  });

  it('names every provider status', () => {
    expect(providerBadge('available')).toEqual({ badge: 'success', text: 'Available' });
    expect(providerBadge('unavailable')).toEqual({ badge: 'default', text: 'Unavailable' });
    expect(providerBadge('error')).toEqual({ badge: 'error', text: 'Error' });
    expect(providerBadge('unknown').text).toBe('Not checked yet');
  });

  it('lists available providers first, then by chain order', () => {
    const p = (id: string, status: AiProviderRecord['status'], priority: number | null) =>
      ({ id, status, priority }) as AiProviderRecord;
    const sorted = sortProviders([
      p('assistant', 'unavailable', null),
      p('openai', 'unavailable', 1),
      p('huggingface', 'available', 4),
      p('ollama', 'available', 3),
      p('anthropic', 'error', 2),
    ]);
    expect(sorted.map((x) => x.id)).toEqual(['ollama', 'huggingface', 'anthropic', 'openai', 'assistant']);
  });

  it('orders categories by count and gives each its share', () => {
    expect(
      categoryRows([
        { category: 'notes', count: 1 },
        { category: 'finance', count: 3 },
        { category: 'code', count: 1 },
      ]),
    ).toEqual([
      { category: 'finance', count: 3, share: 0.6 },
      { category: 'code', count: 1, share: 0.2 },
      { category: 'notes', count: 1, share: 0.2 },
    ]);
    expect(categoryRows([])).toEqual([]);
  });

  it('is empty only when nothing was analysed and nothing is on the way', () => {
    const none = {
      analyzedFiles: 0,
      pendingAnalyses: 0,
      totalAnalyses: 0,
      failedAnalyses: 0,
      unsupportedAnalyses: 0,
    };
    expect(isEmpty(none)).toBe(true);
    expect(isEmpty({ ...none, pendingAnalyses: 1 })).toBe(false);
    expect(isEmpty({ ...none, analyzedFiles: 2, totalAnalyses: 2 })).toBe(false);
    expect(isEmpty({ ...none, failedAnalyses: 1 })).toBe(false);
    expect(isEmpty({ ...none, unsupportedAnalyses: 1 })).toBe(false);
  });

  it('links a file to its analysis on the Files page', () => {
    expect(fileAnalysisLink('abc')).toBe('/files?analysis=abc');
  });
});
