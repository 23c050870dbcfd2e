import { getRouteApi } from '@tanstack/react-router';
import { pushTexts } from '#shared/push-texts.ts';
import { needsIosInstallHelp } from '#client/features/install/ios-install.ts';
import { PushControl } from '#client/features/push/push-control.tsx';
import { LanguageSwitch } from '#client/lib/contact-language/language-switch.tsx';
import { useContactLanguage } from '#client/lib/contact-language/use-contact-language.ts';

const route = getRouteApi('/web/active/accept');

export function AcceptPage() {
  const { token } = route.useSearch();
  const { language, texts, switchLanguage } = useContactLanguage('acceptTitle');
  return (
    <>
      <LanguageSwitch texts={texts} onSwitch={switchLanguage} />
      <h1>{texts.acceptHeading}</h1>
      <p>{texts.acceptJoined}</p>
      <p>{texts.acceptWhat}</p>
      {token && <PushControl token={token} homeScreenFirst={needsIosInstallHelp()} texts={pushTexts(language)} />}
      <p className="muted">{texts.acceptClose}</p>
    </>
  );
}
