import { useEffect, useRef } from 'react';

/** What counts as activity (part 1 section 2): mouse, keyboard, touch and scrolling. */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'touchstart',
  'scroll',
  'wheel',
] as const;

/**
 * Calls `onIdle` once `idleMs` pass without activity while `enabled`. Activity re-arms the timer
 * (at most once a second, so mouse movement stays cheap).
 */
export function useIdleTimer(idleMs: number, enabled: boolean, onIdle: () => void) {
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;

  useEffect(() => {
    if (!enabled) return;
    let last = Date.now();
    let timer = setTimeout(() => onIdleRef.current(), idleMs);
    const onActivity = () => {
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      clearTimeout(timer);
      timer = setTimeout(() => onIdleRef.current(), idleMs);
    };
    const options = { capture: true, passive: true } as const;
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, options);
    return () => {
      clearTimeout(timer);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, options);
    };
  }, [idleMs, enabled]);
}
