import type { Contact } from '#shared/api/contacts.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { usePickedUntilSaved } from '#client/ui/use-picked-until-saved.ts';
import { useUpdateContactLanguageMutation } from '#client/api/contact-changes.ts';
import { LanguageChoice } from '../language-choice/language-choice.tsx';

export const LANGUAGE_SAVED = 'Guardamos el idioma de sus correos.';

/** The contact's language, saved as soon as the person picks the other one. */
export function ContactLanguage({ contact }: { contact: Contact }) {
  const update = useUpdateContactLanguageMutation(contact.id);
  const { shown, pick, forget } = usePickedUntilSaved(contact.language);
  return (
    <LanguageChoice
      name="language"
      value={shown}
      disabled={update.isPending}
      onChange={(language) => {
        pick(language);
        update.mutate(language, {
          onSuccess: (saved) => {
            pick(saved.language);
            showToast({ message: LANGUAGE_SAVED });
          },
          onError: (error) => {
            forget();
            showToast({ message: error.message, variant: 'danger' });
          },
        });
      }}
    />
  );
}
