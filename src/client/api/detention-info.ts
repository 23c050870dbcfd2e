import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { detentionInfoSchema, EMPTY_DETENTION_INFO, type DetentionInfo } from '#shared/api/detention-info.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { pinGuardedRequest } from '#client/lib/pins/pin-guarded-request.ts';

const PATH = '/profile/detention-info';

/**
 * 'Si me detienen'. Deliberately not under a persisted query root: this stays
 * in memory only, never in the phone's storage, where a seized phone would keep it.
 */
export function detentionInfoQueryOptions() {
  return queryOptions({
    queryKey: ['detention-info'],
    queryFn: async () => parseMessage(detentionInfoSchema, await apiRequest('GET', PATH)),
    gcTime: 0,
  });
}

export function useDetentionInfo() {
  return useQuery(detentionInfoQueryOptions());
}

// Replacing and deleting ask for the PIN during an alert (pin-guarded-request.ts).
export function useSaveDetentionInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (info: DetentionInfo) =>
      parseMessage(detentionInfoSchema, await pinGuardedRequest('PUT', PATH, { body: info })),
    onSuccess: (info) => queryClient.setQueryData(detentionInfoQueryOptions().queryKey, info),
  });
}

export function useDeleteDetentionInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await pinGuardedRequest('DELETE', PATH);
    },
    onSuccess: () => queryClient.setQueryData(detentionInfoQueryOptions().queryKey, EMPTY_DETENTION_INFO),
  });
}
