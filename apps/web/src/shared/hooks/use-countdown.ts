import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left of a countdown (SMS button: expiredMinutes × 60 s). `start(seconds)` (re)starts it;
 * at zero it stops and `running` is false again.
 */
export function useCountdown() {
  const [endAt, setEndAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endAt === null) return;
    const id = window.setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= endAt) setEndAt(null);
    }, 250);
    return () => window.clearInterval(id);
  }, [endAt]);

  const start = useCallback((seconds: number) => {
    const n = Date.now();
    setNow(n);
    setEndAt(n + seconds * 1000);
  }, []);
  const left = endAt === null ? 0 : Math.max(0, Math.ceil((endAt - now) / 1000));
  return { left, running: left > 0, start };
}
