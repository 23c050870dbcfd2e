import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeskAlertCard } from '#shared/api/desk.ts';
import { useDeskRequest, type DeskRequest } from '../desk-request.ts';

/** The active list's key (the live stream invalidates exactly this). */
export const deskAlertsKey = ['desk', 'alerts'] as const;

export function deskAlertsQueryOptions(request: DeskRequest) {
  return queryOptions({
    queryKey: deskAlertsKey,
    queryFn: () => request<DeskAlertCard[]>('GET', '/desk/alerts'),
    // The live stream keeps it fresh; a slow poll covers a desk whose stream is down.
    refetchInterval: 30_000,
  });
}

export function useDeskAlerts() {
  return useQuery(deskAlertsQueryOptions(useDeskRequest()));
}
