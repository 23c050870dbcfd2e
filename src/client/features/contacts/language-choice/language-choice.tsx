import { LANGUAGE_NAMES, LANGUAGES, type Language } from '#shared/language.ts';
import '#client/ui/form-controls.css';
import './language-choice.css';

export const LANGUAGE_LEGEND = 'Idioma de los correos';
const CHOICES = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

type Props = {
  /** The field's name in the form (`language`), and the radios' group. */
  name: string;
  disabled?: boolean;
} & (
  | { defaultValue: Language; value?: undefined; onChange?: undefined }
  | { value: Language; onChange: (language: Language) => void; defaultValue?: undefined }
);

/**
 * 'Idioma de los correos': the language of this contact's e-mails and of the
 * pages their links open. Real radio buttons in a fieldset, each with its whole
 * label as the target, each language named in itself and marked so for screen
 * readers ('Português', 'Kreyòl ayisyen').
 */
export function LanguageChoice({ name, disabled, defaultValue, value, onChange }: Props) {
  return (
    <fieldset className="field language-choice" disabled={disabled}>
      <legend className="field__label">{LANGUAGE_LEGEND}</legend>
      <p className="muted language-choice__hint" id={`${name}-hint`}>
        Sus correos y las páginas que abra desde ellos irán en este idioma.
      </p>
      <div className="language-choice__options">
        {CHOICES.map((choice) => (
          <label key={choice.value} className="checkbox language-choice__option">
            <input
              type="radio"
              name={name}
              value={choice.value}
              aria-describedby={`${name}-hint`}
              {...(value === undefined
                ? { defaultChecked: choice.value === defaultValue }
                : { checked: choice.value === value, onChange: () => onChange(choice.value) })}
            />
            <span lang={choice.value}>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
