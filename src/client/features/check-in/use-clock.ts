import { useEffect, useState } from 'react';

/** The time now, refreshed every `everyMs` while the screen is open. */
export function useClock(everyMs = 15_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
