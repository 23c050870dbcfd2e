import type { Contact } from '#shared/api/contacts.ts';
import { useSavedOnChange } from '#client/ui/use-saved-on-change.ts';
import { useUpdateContactDetentionMutation } from '#client/api/contact-changes.ts';
import '#client/ui/form-controls.css';

// Says who sends what to whom: 'Recibe mi información de detención' read as an order or as a fact.
export const DETENTION_TOGGLE = 'Enviarle mi información «Si me detienen» cuando haya una alerta';
export const DETENTION_ON = 'Este contacto recibirá tu información de detención en tus alertas.';
export const DETENTION_OFF = 'Este contacto ya no recibirá tu información de detención.';

/**
 * Whether this contact gets the 'Si me detienen' information (off unless chosen): a real checkbox,
 * saved as soon as it changes, like the language above it.
 */
export function ContactDetention({ contact }: { contact: Contact }) {
  const { shown, saving, change } = useSavedOnChange({
    saved: contact.receives_detention_info === true,
    mutation: useUpdateContactDetentionMutation(contact.id),
    picked: (receives) => receives,
    answered: (saved) => saved.receives_detention_info === true,
    savedMessage: (saved) => (saved.receives_detention_info ? DETENTION_ON : DETENTION_OFF),
  });
  return (
    <div className="field contact-detention">
      <label className="checkbox contact-detention__toggle">
        <input
          type="checkbox"
          checked={shown}
          disabled={saving}
          aria-describedby="contact-detention-hint"
          onChange={(event) => change(event.target.checked)}
        />
        <span>{DETENTION_TOGGLE}</span>
      </label>
      <p id="contact-detention-hint" className="muted">
        Solo dentro de una alerta: lo que escribiste en «Si me detienen» (tu perfil), para que pueda encontrarte y
        conseguir ayuda.
      </p>
    </div>
  );
}
