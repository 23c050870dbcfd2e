import { CONTACT_TERMS } from '#client/features/legal/contact-terms.tsx';
import { LanguageSwitch } from '#client/lib/contact-language/language-switch.tsx';
import { useContactLanguage } from '#client/lib/contact-language/use-contact-language.ts';

/**
 * /web/active/terms?lang=pt: the terms a contact accepted, to read again from any page their
 * links open. No token: a switch here changes this page only.
 */
export function ContactTermsPage() {
  const { language, texts, switchLanguage } = useContactLanguage('termsTitle');
  return (
    <>
      <LanguageSwitch texts={texts} language={language} onSwitch={switchLanguage} />
      <h1>{texts.termsTitle}</h1>
      <div className="contact-terms">{CONTACT_TERMS[language]()}</div>
    </>
  );
}
