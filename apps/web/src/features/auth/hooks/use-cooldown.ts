import { useCallback, useEffect, useState } from 'react';

/** Seconds left before an action may run again (the resend button's 30-second wait). */
export function useCooldown(seconds: number, startActive = false) {
  const [until, setUntil] = useState<number>(() => (startActive ? Date.now() + seconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until <= Date.now()) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [until]);

  const start = useCallback(() => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  }, [seconds]);

  return { remaining, active: remaining > 0, start };
}
