import { Link } from '@tanstack/react-router';
import type { Contact } from '#shared/api/contacts.ts';
import type { Fix } from '../location/location-store.ts';
import { isConfirmed, smsHref } from '../sms/sms-link.ts';

export const NOBODY_GETS_THE_EMAIL = 'Ninguno de tus contactos ha confirmado su correo: nadie recibirá el correo de alerta.';

interface Props {
  /** From the cached contacts query; undefined when nothing is cached. */
  contacts: readonly Contact[] | undefined;
  name: string;
  fix: Fix | null;
}

/**
 * Always here, for when data never comes back: an SMS from the person's own
 * phone to the contacts who get the e-mail, or to everyone saved when none does.
 */
export function SmsFallback({ contacts, name, fix }: Props) {
  const list = contacts ?? [];
  const anyConfirmed = list.some(isConfirmed);
  // Opted-out contacts cannot confirm again from here.
  const toConfirm = list.filter((contact) => !contact.email_verified_at && !contact.unsubscribed_at);
  return (
    <section className="sos-sms" aria-labelledby="sos-sms-title">
      <h2 id="sos-sms-title">Avisa también por SMS</h2>
      {list.length === 0 ? (
        <p>No tenemos teléfonos de tus contactos en este teléfono: elige a quién enviar el SMS.</p>
      ) : (
        !anyConfirmed && <p className="sos-sms__warning">{NOBODY_GETS_THE_EMAIL} Envíales un SMS.</p>
      )}
      <a className="button button--block" href={smsHref(list, name, fix)}>
        Enviar SMS a mis contactos
      </a>
      {!anyConfirmed && toConfirm.length > 0 && (
        <>
          <p className="sos-sms__confirm">Para que reciban tus alertas por correo, pide que confirmen:</p>
          <ul className="sos-sms__contacts">
            {toConfirm.map((contact) => (
              <li key={contact.id}>
                <Link to="/web/contact/$contactId" params={{ contactId: contact.id }}>
                  {contact.firstname} {contact.lastname}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
