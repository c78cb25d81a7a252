import { useEffect, useState } from 'react';
import { type ThinkingPhase, thinkingPhaseAt } from '../model/thinking-phases';

/** The thinking phase to show while `since` (ms since epoch) is set; moves on at each phase's end. */
export function useThinkingPhase(since: number | null): ThinkingPhase | null {
  const [, tick] = useState(0);
  useEffect(() => {
    if (since === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const { remainingMs } = thinkingPhaseAt(Date.now() - since);
      timer = setTimeout(() => {
        tick((n) => n + 1);
        schedule();
      }, remainingMs + 5);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [since]);
  return since === null ? null : thinkingPhaseAt(Date.now() - since).phase;
}
