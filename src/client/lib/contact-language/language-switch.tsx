import type { ContactTexts } from '#shared/contact-texts/index.ts';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '#shared/language.ts';
import './language-switch.css';

interface Props {
  texts: ContactTexts;
  language: Language;
  onSwitch: (language: Language) => void;
}

/**
 * Every other language the contact can read this page in: real buttons, each
 * named in its own language (and marked so for screen readers), so a reader of
 * that language finds it whatever the page is in now.
 */
export function LanguageSwitch({ texts, language, onSwitch }: Props) {
  return (
    <nav className="language-switch" aria-label={texts.switchLabel}>
      {LANGUAGES.filter((other) => other !== language).map((other) => (
        <button
          key={other}
          type="button"
          className="button button--ghost language-switch__button"
          lang={other}
          onClick={() => onSwitch(other)}
        >
          {LANGUAGE_NAMES[other]}
        </button>
      ))}
    </nav>
  );
}
