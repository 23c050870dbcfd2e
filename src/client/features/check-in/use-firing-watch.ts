import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentCheckInQueryOptions } from '#client/api/check-ins.ts';

/** How often an open home asks whether an overdue check-in has fired. */
export const FIRING_WATCH_MS = 3000;

/**
 * Past the deadline the server may fire the check-in at any moment, and the person
 * must see it at once, not on the next reload. The server tells no open page by
 * itself, so home asks: the alert check (`checkAlert`, which brings the alert screen
 * once the server has the alert; home passes it in) and the check-in, every few
 * seconds, only while overdue.
 */
export function useFiringWatch(overdue: boolean, checkAlert: () => Promise<void>): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!overdue) return;
    const ask = () => {
      void checkAlert();
      void queryClient.invalidateQueries({ queryKey: currentCheckInQueryOptions().queryKey });
    };
    ask();
    const timer = setInterval(ask, FIRING_WATCH_MS);
    return () => clearInterval(timer);
  }, [overdue, queryClient, checkAlert]);
}
