import { getRouteApi } from '@tanstack/react-router';
import { AckScreen } from '#client/features/acknowledge/ack-screen.tsx';
import { needsIosInstallHelp } from '#client/features/install/ios-install.ts';
import { PushControl } from '#client/features/push/push-control.tsx';

const route = getRouteApi('/web/active/ack/$token');

/** /web/active/ack/{token}; phone notifications for the next alert below the alert itself. */
export function AckPage() {
  const { token } = route.useParams();
  return (
    <>
      <AckScreen token={token} />
      <PushControl token={token} homeScreenFirst={needsIosInstallHelp()} />
    </>
  );
}
