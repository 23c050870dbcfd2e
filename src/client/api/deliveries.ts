import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  alertDeliveryStateSchema,
  type AlertDeliveryState,
  DELIVERY_POLL_MS,
  practiceDeliveryStateSchema,
  type PracticeDeliveryState,
} from '#shared/api/deliveries.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';

export async function getAlertDeliveries(): Promise<AlertDeliveryState> {
  return parseMessage(alertDeliveryStateSchema, await apiRequest('GET', '/alert-deliveries'));
}

/**
 * GET /api/alert-deliveries, asked again every few seconds while the screen is
 * visible (TanStack Query pauses the interval in the background). Never kept:
 * gone with the screen, so a later alert never shows this one's list.
 */
export function alertDeliveriesQueryOptions() {
  return queryOptions({
    queryKey: ['alert-deliveries'],
    queryFn: getAlertDeliveries,
    refetchInterval: DELIVERY_POLL_MS,
    staleTime: 0,
    gcTime: 0,
    // The next poll is the retry.
    retry: false,
  });
}

export function useAlertDeliveries({ enabled }: { enabled: boolean }) {
  return useQuery({ ...alertDeliveriesQueryOptions(), enabled });
}

export async function getPracticeDeliveries(): Promise<PracticeDeliveryState> {
  return parseMessage(practiceDeliveryStateSchema, await apiRequest('GET', '/practice-deliveries'));
}

/**
 * GET /api/practice-deliveries, polled while the practice screen is visible;
 * never kept. Keyed by the practice press it follows ('' for none), so a new
 * press starts from no data rather than the previous practice's list.
 */
export function practiceDeliveriesQueryOptions(pressKey: string) {
  return queryOptions({
    queryKey: ['practice-deliveries', pressKey],
    queryFn: getPracticeDeliveries,
    refetchInterval: DELIVERY_POLL_MS,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function usePracticeDeliveries(pressKey: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...practiceDeliveriesQueryOptions(pressKey), enabled });
}
