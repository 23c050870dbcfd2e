import { useEffect, useState } from 'react';

/** The clock, re-read every `everyMs`: texts that depend on elapsed time change by themselves. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
