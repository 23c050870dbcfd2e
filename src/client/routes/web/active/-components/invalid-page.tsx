import { ContactPageTop } from '#client/lib/contact-language/contact-page-top.tsx';
import { ContactTermsLink } from '#client/lib/contact-language/terms-link.tsx';
import { useContactLanguage } from '#client/lib/contact-language/use-contact-language.ts';

export function InvalidPage() {
  // No valid token here: the switch changes this page only.
  const { language, texts, switchLanguage } = useContactLanguage();
  return (
    <>
      <ContactPageTop texts={texts} language={language} onSwitch={switchLanguage} />
      <h1>{texts.invalidTitle}</h1>
      <p>{texts.invalidText}</p>
      <ContactTermsLink texts={texts} language={language} />
    </>
  );
}
