import { LanguageSwitch } from '#client/lib/contact-language/language-switch.tsx';
import { useContactLanguage } from '#client/lib/contact-language/use-contact-language.ts';

export function InvalidPage() {
  const { texts, switchLanguage } = useContactLanguage('invalidTitle');
  return (
    <>
      <LanguageSwitch texts={texts} onSwitch={switchLanguage} />
      <h1>{texts.invalidTitle}</h1>
      <p>{texts.invalidText}</p>
    </>
  );
}
