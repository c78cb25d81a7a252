import type { AssistantAction } from '@stratos/contracts/ai/assistant.schema';
import { describe, expect, it } from 'vitest';
import { actionCost, describeAction, outcomeText } from './action-view';

const base: AssistantAction = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'tag',
  status: 'proposed',
  files: [{ id: '00000000-0000-4000-8000-000000000002', name: 'a.txt' }],
  tags: ['work', 'q3'],
  folderId: null,
  folderPath: null,
  reason: null,
  request: null,
  result: null,
  error: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  decidedAt: null,
};

describe('action view', () => {
  it('describes each kind', () => {
    expect(describeAction(base)).toBe('Tag a.txt with “work”, “q3”');
    const two = [...base.files, { id: '00000000-0000-4000-8000-000000000003', name: 'b.txt' }];
    expect(describeAction({ ...base, kind: 'move', files: two, folderPath: '/My Files/Archive' })).toBe(
      'Move 2 files to /My Files/Archive',
    );
    expect(describeAction({ ...base, kind: 'summarize' })).toBe('Summarise a.txt');
  });

  it('tells the outcome and cost of a summary run with one failure', () => {
    const s = (summary: string | null, cost: number | null) => ({
      fileId: base.files[0]?.id as string,
      fileName: 'a.txt',
      summary,
      error: summary ? null : 'x',
      model: null,
      provider: null,
      tokens: null,
      cost,
    });
    const done = {
      ...base,
      kind: 'summarize' as const,
      status: 'done' as const,
      result: { summaries: [s('ok', 0.002), s(null, null)] },
    };
    expect(outcomeText(done)).toBe('Summarised 1 of 2 files.');
    expect(actionCost(done)).toBeCloseTo(0.002);
    expect(outcomeText(base)).toBeNull();
  });
});
