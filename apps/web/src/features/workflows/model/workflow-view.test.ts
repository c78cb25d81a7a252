import { stepSchema } from '@stratos/contracts/workflows/workflow-steps.schema';
import { describe, expect, it } from 'vitest';
import { defaultStep, describeTrigger, durationText, successRateText } from './workflow-view';

describe('workflow view', () => {
  it('describes triggers with folder names', () => {
    const name = (id: string | null) => (id ? 'Inbox' : 'My Files');
    expect(describeTrigger({ type: 'upload', folderId: 'x', fileType: 'pdf' }, name)).toBe(
      'When a PDF file is uploaded to Inbox',
    );
    expect(
      describeTrigger({ type: 'schedule', everyMinutes: 120, folderId: null, fileType: 'any' }, name),
    ).toBe('Every 2 h, on new files in My Files');
    expect(describeTrigger({ type: 'manual' }, name)).toBe('By hand (Run now)');
    expect(describeTrigger({ type: 'manual', folderId: 'x', fileType: 'pdf' }, name)).toBe(
      'By hand (Run now), on the newest 50 PDF files in Inbox',
    );
  });

  it('formats rate and duration, with a dash before there is data', () => {
    expect(successRateText({ success_rate: null })).toBe('—');
    expect(successRateText({ success_rate: 66.7 })).toBe('66.7%');
    expect(durationText(null)).toBe('—');
    expect(durationText(0.4219)).toBe('0.42 s');
  });

  it('gives each step type a default the schema accepts once filled (tags and URL need input)', () => {
    expect(stepSchema.safeParse(defaultStep('move')).success).toBe(true);
    expect(stepSchema.safeParse(defaultStep('rename')).success).toBe(true);
    expect(stepSchema.safeParse(defaultStep('tag')).success).toBe(false);
    expect(stepSchema.safeParse(defaultStep('webhook')).success).toBe(false);
  });
});
