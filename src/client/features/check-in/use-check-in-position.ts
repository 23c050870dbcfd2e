import { useEffect, useRef } from 'react';
import { useLocation } from '#client/lib/location/location-store.ts';
import { sendCheckInPosition } from './check-in-actions.ts';

/** At most one position every this long: enough for contacts to know where to start looking. */
export const POSITION_EVERY_MS = 5 * 60_000;

/**
 * While a check-in runs and the person lets the app see the position (home
 * watches it only when allowed, never asking), the last known position goes
 * to the server, so a missed check-in's e-mail can say where the person was.
 */
export function useCheckInPosition(running: boolean): void {
  const { fix } = useLocation();
  const lastSent = useRef(0);
  useEffect(() => {
    if (!running || !fix || !navigator.onLine) return;
    if (Date.now() - lastSent.current < POSITION_EVERY_MS) return;
    lastSent.current = Date.now();
    void sendCheckInPosition(fix).catch(() => undefined);
  }, [running, fix]);
}
