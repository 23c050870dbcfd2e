import { CatchBoundary } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { currentCheckInQueryOptions, isCheckInOpen, openCheckInQueryOptions } from '#client/api/check-ins.ts';
import { loadCheckInSlot } from '#client/lib/home-slots.ts';
import { CheckInStart } from './check-in-start.tsx';

// A running check-in's view and actions: their own chunk, fetched only while this phone has one.
const RunningCheckInSlot = lazy(loadCheckInSlot);

/**
 * Home's way to 'Avísales si no vuelvo', below the SOS area. With no check-in
 * open (in this phone's cache, or on the server: one set on another phone too),
 * home downloads nothing more for it; with one, the running view's chunk comes
 * and takes over. `checkAlert` asks the server whether the alert is on (home's
 * alert check), for a check-in past its deadline.
 */
export function CheckInEntry({ checkAlert }: { checkAlert: () => Promise<void> }) {
  // What this phone set or last heard, kept encrypted across restarts: read, never fetched from
  // here (its reader is the running view's download).
  const cached = useQuery({ ...currentCheckInQueryOptions(), enabled: false });
  const server = useQuery(openCheckInQueryOptions());
  if (isCheckInOpen(cached.data) || server.data === true) {
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
