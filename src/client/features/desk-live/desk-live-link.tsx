import { DeskLiveStatus } from './desk-live-status.tsx';
import { useDeskLive, type DeskLiveOptions } from './use-desk-live.ts';

/**
 * The desk's live link, for the desk's layout: keeps the stream open while the
 * desk is shown and says so when it is down. `getToken` and `onRefused` must
 * keep their identity between renders (module functions or useCallback), or
 * the link reconnects.
 */
export function DeskLiveLink(options: DeskLiveOptions) {
  return <DeskLiveStatus status={useDeskLive(options)} />;
}
