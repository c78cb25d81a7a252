import { describe, expect, it } from 'vitest';
import { assistantLink, improvementNote } from './recommendation-view';

describe('recommendation view', () => {
  it('links to the assistant with the file and the text', () => {
    const link = assistantLink({ fileId: 'f1', text: 'Tag this & that' });
    const q = new URLSearchParams(link.split('?')[1]);
    expect(link.startsWith('/ai-assistant?')).toBe(true);
    expect([q.get('file'), q.get('ask')]).toEqual(['f1', 'Tag this & that']);
    expect(assistantLink({ fileId: null, text: 'x' })).toBe('/ai-assistant?ask=x');
  });

  it('says whether a learning improvement was applied', () => {
    expect(improvementNote({ improvementStatus: 'completed', appliedAt: '2026-01-01T00:00:00Z' })).toBe(
      'Applied to the assistant',
    );
    expect(improvementNote({ improvementStatus: 'in_progress', appliedAt: null })).toBe(
      'Suggested (in progress)',
    );
    expect(improvementNote({ improvementStatus: null, appliedAt: null })).toBeNull();
  });
});
