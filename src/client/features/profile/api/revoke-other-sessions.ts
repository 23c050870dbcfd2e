import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokedSessionsSchema, type RevokedSessions } from '#shared/api/sessions.ts';
import { pinGuardedRequest } from '#client/lib/pins/pin-guarded-request.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { openSessionsQueryOptions } from './get-open-sessions.ts';

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
