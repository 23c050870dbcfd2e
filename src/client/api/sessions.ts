import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  openSessionListSchema,
  type OpenSession,
  revokedSessionsSchema,
  type RevokedSessions,
} from '#shared/api/sessions.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { pinGuardedRequest } from '#client/lib/pins/pin-guarded-request.ts';

export async function getOpenSessions(): Promise<OpenSession[]> {
  return parseMessage(openSessionListSchema, await apiRequest('GET', '/profile/sessions'));
}

/** Not persisted (its root is not one of queryRoots): an offline copy of who is signed in would mislead. */
export function openSessionsQueryOptions() {
  return queryOptions({ queryKey: ['open-sessions'], queryFn: getOpenSessions });
}

export function useOpenSessions() {
  return useQuery(openSessionsQueryOptions());
}

/** During an alert it asks for the PIN (pin-guarded-request.ts). */
export async function revokeOtherSessions(): Promise<RevokedSessions> {
  return parseMessage(revokedSessionsSchema, await pinGuardedRequest('POST', '/profile/sessions/revoke-others'));
}

export function useRevokeOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openSessionsQueryOptions().queryKey }),
  });
}
