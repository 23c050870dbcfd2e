import { Link } from '@tanstack/react-router';
import type { ContactTexts } from '#shared/contact-texts/index.ts';
import type { Language } from '#shared/language.ts';
import { languageSearch } from './use-contact-language.ts';
import './language-switch.css';

/** At the foot of every page a contact's link opens: the terms they accepted, in their language. */
export function ContactTermsLink({ texts, language }: { texts: ContactTexts; language: Language }) {
  return (
    <p className="contact-terms-link">
      <Link to="/web/active/terms" search={languageSearch(language)}>
        {texts.termsTitle}
      </Link>
    </p>
  );
}
