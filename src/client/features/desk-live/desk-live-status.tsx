import { deskLiveTexts } from '#shared/api/desk-live.ts';
import type { DeskLinkStatus } from './use-desk-live.ts';
import './desk-live-status.css';

/**
 * One plain line while the desk's live link is down: the list may be behind
 * until it comes back. Rendered only then, so the change is announced.
 */
export function DeskLiveStatus({ status }: { status: DeskLinkStatus }) {
  if (status !== 'down') return null;
  return (
    <p className="desk-live-status" role="status">
      {deskLiveTexts.offline}
    </p>
  );
}
