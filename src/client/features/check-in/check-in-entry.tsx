import { notifyManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { CatchBoundary } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useSyncExternalStore } from 'react';
import { successMessage } from '#shared/plain-data.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { loadCheckInSlot } from '#client/lib/home-slots.ts';
import { queryRoots } from '#client/lib/query-client.ts';
import { CheckInStart } from './check-in-start.tsx';

// A running check-in's view and actions: their own chunk, fetched only while this phone has one.
const RunningCheckInSlot = lazy(loadCheckInSlot);

function isOpen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || !('status' in value)) return false;
  return value.status === 'running' || value.status === 'fired';
}

const CURRENT_CHECK_IN = [queryRoots.checkIn, 'current'];

/** Whether the server has a check-in open for this person (one set on another phone too), read by hand: no schema library here. */
async function serverHasOpenCheckIn(): Promise<boolean> {
  return isOpen(successMessage(await apiRequest('GET', '/check-ins/current')));
}

/**
 * Home's way to 'Avísales si no vuelvo', below the SOS area. With no check-in
 * open (in this phone's cache or on the server), home downloads nothing more
 * for it; with one, the running view's chunk comes and takes over. `checkAlert`
 * asks the server whether the alert is on (home's alert check), for a check-in
 * past its deadline.
 */
export function CheckInEntry({ checkAlert }: { checkAlert: () => Promise<void> }) {
  const queryClient = useQueryClient();
  // What this phone set or last heard, kept encrypted across restarts.
  // Batched as TanStack's own hooks do, so a query made while another component renders never updates this one mid-render.
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(notifyManager.batchCalls(onChange)),
    [queryClient],
  );
  const cached = useSyncExternalStore(subscribe, () => queryClient.getQueryData(CURRENT_CHECK_IN));
  const server = useQuery({
    queryKey: [queryRoots.checkIn, 'open'],
    queryFn: serverHasOpenCheckIn,
    networkMode: 'offlineFirst',
  });
  if (isOpen(cached) || server.data === true) {
    return (
      // A chunk that cannot load (offline, no worker yet) costs this view, never the page.
      <CatchBoundary getResetKey={() => 'check-in-home-slot'} errorComponent={() => null}>
        <Suspense fallback={null}>
          <RunningCheckInSlot checkAlert={checkAlert} />
        </Suspense>
      </CatchBoundary>
    );
  }
  return <CheckInStart />;
}
