import { useSearch } from '@tanstack/react-router';
import { pushTexts } from '#shared/push-texts.ts';
import { needsIosInstallHelp } from '#client/features/install/ios-install.ts';
import { PushControl } from '#client/features/push/push-control.tsx';
import { ContactPageTop } from '#client/lib/contact-language/contact-page-top.tsx';
import { ContactTermsLink } from '#client/lib/contact-language/terms-link.tsx';
import { useLinkPerson } from '#client/lib/contact-language/link-person.ts';
import { useContactLanguage } from '#client/lib/contact-language/use-contact-language.ts';

// The hooks with `from`, not getRouteApi: its class sits in the router's module, which is in the entry,
// so one lazy page using it puts it in every first download.

export function AcceptPage() {
  const { token } = useSearch({ from: '/web/active/accept' });
  const { language, texts, switchLanguage } = useContactLanguage(token);
  const who = useLinkPerson(token)?.name ?? null;
  return (
    <>
      <ContactPageTop texts={texts} language={language} onSwitch={switchLanguage} />
      <h1>{texts.acceptHeading}</h1>
      <p>{texts.acceptJoined(who)}</p>
      <p>{texts.acceptWhat(who)}</p>
      {token && <PushControl token={token} homeScreenFirst={needsIosInstallHelp()} texts={pushTexts(language)} />}
      <p className="muted">{texts.acceptClose}</p>
      <ContactTermsLink texts={texts} language={language} token={token} />
    </>
  );
}
