import { useEffect, useState } from 'react';

/**
 * The time now, refreshed while the screen is open: every `everyMs`, or as often
 * as `everyMs(now)` says for the time last read (faster near a deadline).
 */
export function useClock(everyMs: number | ((now: number) => number) = 15_000): number {
  const [now, setNow] = useState(Date.now);
  const interval = typeof everyMs === 'number' ? everyMs : everyMs(now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), interval);
    return () => clearInterval(timer);
  }, [interval]);
  return now;
}
