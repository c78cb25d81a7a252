import { useEffect, useRef, useState } from 'react';

/**
 * Counts whole seconds down from `seconds` against the clock (a throttled background tab still
 * ends on time) and calls `onDone` once at zero. While `running` is false it holds.
 */
export function useCountdown(seconds: number, onDone: () => void, running = true): number {
  const [left, setLeft] = useState(seconds);
  const leftRef = useRef(seconds);
  const done = useRef(onDone);
  done.current = onDone;
  const fired = useRef(false);

  useEffect(() => {
    if (!running || fired.current) return;
    const deadline = Date.now() + leftRef.current * 1000;
    const tick = () => {
      const next = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      leftRef.current = next;
      setLeft(next);
      if (next === 0 && !fired.current) {
        fired.current = true;
        clearInterval(timer);
        done.current();
      }
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [running]);

  return left;
}
