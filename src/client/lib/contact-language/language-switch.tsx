import type { ContactTexts } from '#shared/contact-texts/index.ts';
import './language-switch.css';

interface Props {
  texts: ContactTexts;
  onSwitch: () => void;
}

/**
 * 'English' on a Spanish page, 'Español' on an English one: a real button,
 * named in the language it leads to so a reader of that language finds it.
 */
export function LanguageSwitch({ texts, onSwitch }: Props) {
  return (
    <nav className="language-switch" aria-label={texts.switchLabel}>
      <button type="button" className="button button--ghost language-switch__button" lang={texts.switchToLang} onClick={onSwitch}>
        {texts.switchTo}
      </button>
    </nav>
  );
}
