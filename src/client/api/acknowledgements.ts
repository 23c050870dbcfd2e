import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type AckView, ackViewSchema } from '#shared/api/deliveries.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { parseMessage } from '#client/lib/api-reply.ts';

/** What the contact's link shows: reading it records nothing (mail scanners open links too). */
export async function getAck(token: string): Promise<AckView> {
  return parseMessage(
    ackViewSchema,
    await apiRequest('GET', `/ack/${encodeURIComponent(token)}`, { authenticated: false }),
  );
}

/** Kept in memory only (the key holds the token), and only while the page is open. */
export function ackQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['ack', token],
    queryFn: () => getAck(token),
    gcTime: 0,
    staleTime: Infinity,
    // An unknown or expired link will not get better; a lost connection may.
    retry: (failureCount, error) =>
      failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });
}

export function useAck(token: string) {
  return useQuery(ackQueryOptions(token));
}

/** 'Lo tengo': records the acknowledgement once; pressing again records nothing new. */
export async function acknowledge(token: string): Promise<AckView> {
  return parseMessage(ackViewSchema, await apiRequest('POST', '/ack', { body: { token }, authenticated: false }));
}

export function useAcknowledgeMutation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acknowledge(token),
    onSuccess: (view) => queryClient.setQueryData(ackQueryOptions(token).queryKey, view),
  });
}
