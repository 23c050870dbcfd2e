import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokedSessionsSchema, type RevokedSessions } from '#shared/api/sessions.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { openSessionsQueryOptions } from './get-open-sessions.ts';

export async function revokeOtherSessions(): Promise<RevokedSessions> {
  return parseMessage(revokedSessionsSchema, await apiRequest('POST', '/profile/sessions/revoke-others'));
}

export function useRevokeOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openSessionsQueryOptions().queryKey }),
  });
}
