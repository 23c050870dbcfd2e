import { DeskLayout } from '#client/features/desk-access/desk-layout.tsx';
import { DeskRequestContext } from '#client/features/desk-cases/desk-request.ts';
import { DeskLiveLink } from '#client/features/desk-live/desk-live-link.tsx';
import { deskRequest, deskToken, endDeskSession } from '#client/lib/desk/desk-session.ts';

/**
 * The desk's layout: the case screens call the API with the desk's session, and every signed-in
 * desk screen follows the live stream; a stream refused (the session ended) goes to 'Entrar' as any
 * refused call does.
 */
export function DeskLayoutPage() {
  return (
    <DeskRequestContext.Provider value={deskRequest}>
      <DeskLayout>
        <DeskLiveLink getToken={deskToken} onRefused={endDeskSession} />
      </DeskLayout>
    </DeskRequestContext.Provider>
  );
}
