import { Link } from '@tanstack/react-router';
import type { Contact } from '#shared/api/contacts.ts';
import { isConfirmed } from '#client/features/sos/sms/sms-link.ts';
import { ContactsToConfirm } from '../contacts-to-confirm.tsx';

export const NOBODY_SAVED = 'Nadie recibirá tu alerta: no tienes contactos de emergencia.';
export const NOBODY_CONFIRMED =
  'Nadie recibirá tu alerta por correo: ninguno de tus contactos ha confirmado su correo.';
export const ASK_TO_CONFIRM = 'Pide que confirmen el correo que les enviamos:';

/**
 * Said before the press, not after it: with no contact, or none who gets the e-mail, the alert
 * tells nobody. Says what to do (add a contact, or have one confirm) and links to it. Nothing
 * while the list is unknown (never loaded, offline): a guess would frighten for nothing.
 */
export function NobodyToldNotice({ contacts }: { contacts: readonly Contact[] | undefined }) {
  if (!contacts || contacts.some(isConfirmed)) return null;
  // Opted-out contacts cannot confirm again from here.
  const toConfirm = contacts.filter((contact) => !contact.email_verified_at && !contact.unsubscribed_at);
  return (
    <div className="sos-notice sos-notice--danger nobody-told" role="note" aria-label="Nadie recibirá tu alerta">
      <p>
        <strong>{contacts.length === 0 ? NOBODY_SAVED : NOBODY_CONFIRMED}</strong>
      </p>
      {toConfirm.length > 0 && (
        <>
          {/* One run of text with the names, not a list under a line: home's first screen holds it whole. */}
          <p className="nobody-told__ask">{ASK_TO_CONFIRM}</p>{' '}
          <ContactsToConfirm contacts={toConfirm} className="nobody-told__contacts" />
        </>
      )}
      <p>
        <Link to="/web/contact">Agregar un contacto</Link>
      </p>
    </div>
  );
}
