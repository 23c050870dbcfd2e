import { Link } from '@tanstack/react-router';
import type { ContactTexts } from '#shared/contact-texts/index.ts';
import type { Language } from '#shared/language.ts';
import { languageSearch } from './use-contact-language.ts';
import './language-switch.css';

/**
 * At the foot of every page a contact's link opens: the terms they accepted, in their language.
 * `token`: the page's own link token, passed on so that a switch made on the terms keeps the
 * language for the contact as it would on the page they came from.
 */
export function ContactTermsLink({
  texts,
  language,
  token,
}: {
  texts: ContactTexts;
  language: Language;
  token?: string | undefined;
}) {
  return (
    <p className="contact-terms-link">
      <Link to="/web/active/terms" search={{ ...languageSearch(language), ...(token ? { token } : {}) }}>
        {texts.termsTitle}
      </Link>
    </p>
  );
}
