import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSosQueueView } from '#client/lib/sos-worker/sos-queue-store.ts';
import { currentCheckInQueryOptions } from '#client/api/check-ins.ts';
import { setWaitingCall, useWaitingCall, type WaitingCall } from './check-in-waiting.ts';

/**
 * A check-in call the worker kept: once the worker reports it delivered (or
 * refused), home stops saying it waits and asks the server what is true now.
 * Returns the refusal's message, if any.
 */
export function useWaitingOutcome(): WaitingCall | null {
  const waiting = useWaitingCall();
  const queue = useSosQueueView();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!waiting) return;
    const delivered = queue.delivered.has(waiting.key);
    const refused = queue.rejected.some((entry) => entry.idempotencyKey === waiting.key);
    if (!delivered && !refused) return;
    setWaitingCall(null);
    if (delivered && waiting.kind === 'ok') queryClient.setQueryData(currentCheckInQueryOptions().queryKey, null);
    void queryClient.invalidateQueries({ queryKey: currentCheckInQueryOptions().queryKey });
  }, [waiting, queue, queryClient]);
  return waiting;
}
