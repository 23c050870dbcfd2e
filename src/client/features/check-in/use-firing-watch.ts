import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentCheckInQueryOptions } from '#client/api/check-ins.ts';

/** How often an open home asks whether an overdue check-in has fired. */
export const FIRING_WATCH_MS = 3000;

/**
 * Past the deadline the server may fire the check-in at any moment, and the person
 * must see it at once, not on the next reload. The server tells no open page by
 * itself, so home asks: the alert check (`checkAlert`, which brings the alert screen
 * once the server has the alert; home passes it in), then the check-in, every few
 * seconds, only while overdue.
 */
export function useFiringWatch(overdue: boolean, checkAlert: () => Promise<void>): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!overdue) return;
    // The alert first, then the check-in: the server fires one and starts the other in one
    // transaction, so a check-in read after the alert was seen is never older than it. Refetched
    // even once the alert screen has replaced home, so the phone keeps no 'running' for a fired one.
    // A check-in read 'fired' after the alert was not there yet fired in between: the alert is
    // there now, and this is the last look (no longer overdue, the watch ends), so look again.
    const { queryKey } = currentCheckInQueryOptions();
    const ask = async () => {
      await checkAlert().catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey, refetchType: 'all' });
      if (queryClient.getQueryData(queryKey)?.status === 'fired') await checkAlert().catch(() => undefined);
    };
    void ask();
    const timer = setInterval(() => void ask(), FIRING_WATCH_MS);
    return () => clearInterval(timer);
  }, [overdue, queryClient, checkAlert]);
}
