import { getRouteApi } from '@tanstack/react-router';
import { pushTexts } from '#shared/push-texts.ts';
import { AckScreen } from '#client/features/acknowledge/ack-screen.tsx';
import { needsIosInstallHelp } from '#client/features/install/ios-install.ts';
import { PushControl } from '#client/features/push/push-control.tsx';
import { useContactLanguage } from '#client/lib/contact-language/use-contact-language.ts';

const route = getRouteApi('/web/active/ack/$token');

/** /web/active/ack/{token}; phone notifications for the next alert below the alert itself. */
export function AckPage() {
  const { token } = route.useParams();
  const { language } = useContactLanguage();
  return (
    <>
      <AckScreen token={token} />
      <PushControl token={token} homeScreenFirst={needsIosInstallHelp()} texts={pushTexts(language)} />
    </>
  );
}
