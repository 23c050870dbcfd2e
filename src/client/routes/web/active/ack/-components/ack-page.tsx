import { useParams } from '@tanstack/react-router';
import { pushTexts } from '#shared/push-texts.ts';
import { AckScreen } from '#client/features/acknowledge/ack-screen.tsx';
import { needsIosInstallHelp } from '#client/features/install/ios-install.ts';
import { PushControl } from '#client/features/push/push-control.tsx';
import { ContactTermsLink } from '#client/lib/contact-language/terms-link.tsx';
import { useContactLanguage } from '#client/lib/contact-language/use-contact-language.ts';

// The hooks with `from`, not getRouteApi: its class sits in the router's module, which is in the entry,
// so one lazy page using it puts it in every first download.

/** /web/active/ack/{token}; phone notifications for the next alert below the alert itself. */
export function AckPage() {
  const { token } = useParams({ from: '/web/active/ack/$token' });
  const { language, texts } = useContactLanguage();
  return (
    <>
      <AckScreen token={token} />
      <PushControl token={token} homeScreenFirst={needsIosInstallHelp()} texts={pushTexts(language)} />
      <ContactTermsLink texts={texts} language={language} token={token} />
    </>
  );
}
