import { DeskLayout } from '#client/features/desk-access/desk-layout.tsx';
import { DeskLiveLink } from '#client/features/desk-live/desk-live-link.tsx';
import { deskToken } from '#client/lib/desk/desk-session.ts';

/** The desk's layout with its live link: every signed-in desk screen follows the stream. */
export function DeskLayoutPage() {
  return (
    <DeskLayout>
      <DeskLiveLink getToken={deskToken} />
    </DeskLayout>
  );
}
