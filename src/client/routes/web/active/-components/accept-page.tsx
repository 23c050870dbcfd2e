import { LanguageSwitch } from '#client/lib/contact-language/language-switch.tsx';
import { useContactLanguage } from '#client/lib/contact-language/use-contact-language.ts';

export function AcceptPage() {
  const { texts, switchLanguage } = useContactLanguage('acceptTitle');
  return (
    <>
      <LanguageSwitch texts={texts} onSwitch={switchLanguage} />
      <h1>{texts.acceptHeading}</h1>
      <p>{texts.acceptJoined}</p>
      <p>{texts.acceptWhat}</p>
      <p className="muted">{texts.acceptClose}</p>
    </>
  );
}
