import { describe, expect, it } from 'vitest';
import { withAnalysisParam } from './file-analysis-param';

describe('withAnalysisParam', () => {
  it('opens and closes the analysis while keeping the folder and search', () => {
    const open = withAnalysisParam(new URLSearchParams('folder=f1'), 'abc');
    expect(open.toString()).toBe('folder=f1&analysis=abc');
    expect(withAnalysisParam(open, null).toString()).toBe('folder=f1');
  });
});
