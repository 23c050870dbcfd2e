import { useSearch } from '@tanstack/react-router';
import { CONTACT_TERMS } from '#client/features/legal/contact-terms.tsx';
import { ContactPageTop } from '#client/lib/contact-language/contact-page-top.tsx';
import { useContactLanguage } from '#client/lib/contact-language/use-contact-language.ts';

/**
 * /web/active/terms?lang=pt: the terms a contact accepted, to read again from any page their
 * links open. With the token of the page that linked here, a switch is kept for the contact;
 * without one (from the invalid-link page) it changes this page only.
 */
export function ContactTermsPage() {
  const { token } = useSearch({ from: '/web/active/terms' });
  const { language, texts, switchLanguage } = useContactLanguage(token);
  return (
    <>
      <ContactPageTop texts={texts} language={language} onSwitch={switchLanguage} />
      <h1>{texts.termsTitle}</h1>
      <div className="contact-terms">{CONTACT_TERMS[language]()}</div>
    </>
  );
}
