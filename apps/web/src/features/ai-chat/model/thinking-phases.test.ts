import { describe, expect, it } from 'vitest';
import { thinkingPhaseAt } from './thinking-phases';

const phase = (ms: number) => thinkingPhaseAt(ms).phase.id;

describe('thinking phases', () => {
  it('shows analyzing 1.5 s, thinking 2 s, generating 2.5 s, finalizing 1 s', () => {
    expect(phase(0)).toBe('analyzing');
    expect(phase(1499)).toBe('analyzing');
    expect(phase(1500)).toBe('thinking');
    expect(phase(3499)).toBe('thinking');
    expect(phase(3500)).toBe('generating');
    expect(phase(5999)).toBe('generating');
    expect(phase(6000)).toBe('finalizing');
    expect(phase(6999)).toBe('finalizing');
  });

  it('starts over after finalizing', () => {
    expect(phase(7000)).toBe('analyzing');
    expect(phase(7000 + 3500)).toBe('generating');
  });

  it('tells how long until the next phase', () => {
    expect(thinkingPhaseAt(0).remainingMs).toBe(1500);
    expect(thinkingPhaseAt(1600).remainingMs).toBe(1900);
    expect(thinkingPhaseAt(6999).remainingMs).toBe(1);
  });
});
