import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ackViewSchema, type AckView } from '#shared/api/deliveries.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { ackQueryOptions } from './get-ack.ts';

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
