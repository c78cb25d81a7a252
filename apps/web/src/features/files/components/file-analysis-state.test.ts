import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_POLL_MS,
  analysisFacts,
  analysisPollMs,
  analysisView,
  workingText,
} from './file-analysis-state';

describe('file analysis states', () => {
  it('maps each stored status to what the drawer shows', () => {
    expect(analysisView(null)).toBe('none');
    expect(analysisView({ status: 'pending' })).toBe('working');
    expect(analysisView({ status: 'running' })).toBe('working');
    expect(analysisView({ status: 'completed' })).toBe('completed');
    expect(analysisView({ status: 'failed' })).toBe('failed');
    expect(analysisView({ status: 'unsupported' })).toBe('unsupported');
  });

  it('polls while queued or running, and stops once the server is done', () => {
    expect(analysisPollMs(undefined)).toBe(false);
    expect(analysisPollMs(null)).toBe(false);
    expect(analysisPollMs({ status: 'pending' })).toBe(ANALYSIS_POLL_MS);
    expect(analysisPollMs({ status: 'running' })).toBe(ANALYSIS_POLL_MS);
    expect(analysisPollMs({ status: 'completed' })).toBe(false);
    expect(analysisPollMs({ status: 'failed' })).toBe(false);
    expect(workingText('pending')).toBe('Waiting in the analysis queue…');
    expect(workingText('running')).toBe('Analysing this file…');
  });

  it('lists the facts of a completed analysis', () => {
    expect(
      analysisFacts({
        model: 'llama3.2:3b',
        provider: 'ollama',
        confidence: 0.834,
        charsAnalyzed: 1204,
        truncated: true,
        runs: 2,
      }),
    ).toEqual([
      'llama3.2:3b on ollama',
      '83% confident',
      '1,204 characters read (cut to fit)',
      'analysed 2 times',
    ]);
    expect(
      analysisFacts({
        model: null,
        provider: null,
        confidence: null,
        charsAnalyzed: null,
        truncated: false,
        runs: 1,
      }),
    ).toEqual([]);
  });
});
