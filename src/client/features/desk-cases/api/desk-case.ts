import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeskAction, DeskAlertCard, DeskCase, DeskOutcome } from '#shared/api/desk.ts';
import { useDeskRequest, type DeskRequest } from '../desk-request.ts';
import { deskAlertsKey } from './desk-alerts.ts';

/** One case's key (the live stream invalidates exactly this). */
export const deskCaseKey = (alertId: string) => ['desk', 'case', alertId] as const;

export function deskCaseQueryOptions(request: DeskRequest, alertId: string) {
  return queryOptions({
    queryKey: deskCaseKey(alertId),
    queryFn: () => request<DeskCase>('GET', `/desk/alerts/${alertId}`),
    retry: false,
  });
}

export function useDeskCase(alertId: string) {
  return useQuery(deskCaseQueryOptions(useDeskRequest(), alertId));
}

/** Every act on a case changes the case and the list: both are read again. */
function useCaseMutation<I>(alertId: string, send: (request: DeskRequest, input: I) => Promise<unknown>) {
  const request = useDeskRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => send(request, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deskCaseKey(alertId) }),
        queryClient.invalidateQueries({ queryKey: deskAlertsKey }),
      ]),
  });
}

export const useClaimCase = (alertId: string) =>
  useCaseMutation<void>(alertId, (request) => request<DeskAlertCard>('POST', `/desk/alerts/${alertId}/claim`));

export const useAddNote = (alertId: string) =>
  useCaseMutation<string>(alertId, (request, text) => request('POST', `/desk/alerts/${alertId}/notes`, { text }));

export const useLogAction = (alertId: string) =>
  useCaseMutation<{ action: DeskAction; text: string }>(alertId, (request, input) =>
    request('POST', `/desk/alerts/${alertId}/actions`, input),
  );

export const useCloseCase = (alertId: string) =>
  useCaseMutation<{ outcome: DeskOutcome; text: string }>(alertId, (request, input) =>
    request('POST', `/desk/alerts/${alertId}/close`, input),
  );
