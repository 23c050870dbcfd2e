import type { Contact } from '#shared/api/contacts.ts';
import { useSavedOnChange } from '#client/ui/use-saved-on-change.ts';
import { useUpdateContactLanguageMutation } from '#client/api/contact-changes.ts';
import { LanguageChoice } from '../language-choice/language-choice.tsx';

export const LANGUAGE_SAVED = 'Guardamos el idioma de sus correos.';

/** The contact's language, saved as soon as the person picks the other one. */
export function ContactLanguage({ contact }: { contact: Contact }) {
  const { shown, saving, change } = useSavedOnChange({
    saved: contact.language,
    mutation: useUpdateContactLanguageMutation(contact.id),
    picked: (language) => language,
    answered: (saved) => saved.language,
    savedMessage: () => LANGUAGE_SAVED,
  });
  return <LanguageChoice name="language" value={shown} disabled={saving} onChange={change} />;
}
