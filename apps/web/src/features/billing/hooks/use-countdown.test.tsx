import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

function Countdown({
  seconds,
  onDone,
  running = true,
}: {
  seconds: number;
  onDone: () => void;
  running?: boolean;
}) {
  const left = useCountdown(seconds, onDone, running);
  return <span data-testid="left">{left}</span>;
}

const left = () => Number(screen.getByTestId('left').textContent);
const tick = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('counts the success page down from 10 and fires once at zero', async () => {
    const onDone = vi.fn();
    render(<Countdown seconds={10} onDone={onDone} />);
    expect(left()).toBe(10);
    await tick(1000);
    expect(left()).toBe(9);
    await tick(8000);
    expect(left()).toBe(1);
    expect(onDone).not.toHaveBeenCalled();
    await tick(1000);
    expect(left()).toBe(0);
    expect(onDone).toHaveBeenCalledTimes(1);
    await tick(5000);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('redirects after 3 seconds on the subscribe page, not before', async () => {
    const onDone = vi.fn();
    render(<Countdown seconds={3} onDone={onDone} />);
    await tick(2999);
    expect(onDone).not.toHaveBeenCalled();
    await tick(1);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('holds while paused and resumes where it stopped', async () => {
    const onDone = vi.fn();
    const { rerender } = render(<Countdown seconds={10} onDone={onDone} />);
    await tick(4000);
    rerender(<Countdown seconds={10} onDone={onDone} running={false} />);
    await tick(20_000);
    expect(left()).toBe(6);
    expect(onDone).not.toHaveBeenCalled();
    rerender(<Countdown seconds={10} onDone={onDone} />);
    await tick(6000);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
