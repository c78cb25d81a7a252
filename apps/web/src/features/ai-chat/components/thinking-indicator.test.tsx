import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThinkingIndicator } from './thinking-indicator';

describe('ThinkingIndicator', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('moves through the four phases at 1.5 s, 2 s, 2.5 s and 1 s, then starts over', () => {
    render(<ThinkingIndicator since={Date.now()} />);
    const phase = () => screen.getByRole('status').dataset.phase;
    expect(phase()).toBe('analyzing');
    act(() => void vi.advanceTimersByTime(1600));
    expect(phase()).toBe('thinking');
    act(() => void vi.advanceTimersByTime(2000));
    expect(phase()).toBe('generating');
    act(() => void vi.advanceTimersByTime(2500));
    expect(phase()).toBe('finalizing');
    act(() => void vi.advanceTimersByTime(1000));
    expect(phase()).toBe('analyzing');
  });

  it('names the attempt while a better answer is being written', () => {
    render(<ThinkingIndicator since={Date.now()} retryAttempt={2} />);
    expect(screen.getByRole('status').textContent).toContain('Improving the answer (attempt 2)');
  });
});
