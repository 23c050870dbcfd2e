import type { Contact } from '#shared/api/contacts.ts';
import type { Fix } from '#client/lib/location/location-store.ts';
import { isConfirmed, smsHref } from '#client/features/sos/sms/sms-link.ts';
import { ContactsToConfirm } from '../contacts-to-confirm.tsx';
import type { EmailReach } from './email-reach.ts';

export const NOBODY_GETS_THE_EMAIL =
  'Ninguno de tus contactos ha confirmado su correo: nadie recibirá el correo de alerta.';
/** The delivery list says no e-mail goes out, though some contact had confirmed (the mail server gave up, or they opted out). */
export const NO_EMAIL_REACHED = 'No pudimos enviar el correo de alerta a ninguno de tus contactos.';

interface Props {
  /** From the cached contacts query; undefined when nothing is cached. */
  contacts: readonly Contact[] | undefined;
  name: string;
  fix: Fix | null;
  reach: EmailReach;
  /** Where the position stands ('Tu ubicación va en el SMS.'): said under the button it goes with. */
  locationNote: string;
  /** The alert waits for signal: the SMS is then the way it reaches anyone now, not an addition. */
  queued: boolean;
}

/**
 * Always here, for when data never comes back: an SMS from the person's own
 * phone to the contacts who get the e-mail, or to everyone saved when none does.
 */
export function SmsFallback({ contacts, name, fix, reach, locationNote, queued }: Props) {
  const list = contacts ?? [];
  const anyConfirmed = reach.anyone;
  // Opted-out contacts cannot confirm again from here.
  const toConfirm = list.filter(
    (contact) => !reach.getsEmail(contact) && !contact.email_verified_at && !contact.unsubscribed_at,
  );
  return (
    <section className="sos-sms" aria-labelledby="sos-sms-title">
      <h2 id="sos-sms-title">{queued ? 'Avisa ahora por SMS' : 'Avisa también por SMS'}</h2>
      {list.length === 0 ? (
        <p>No tenemos teléfonos de tus contactos en este teléfono: elige a quién enviar el SMS.</p>
      ) : (
        !anyConfirmed && (
          <p className="sos-sms__warning">
            {list.some(isConfirmed) ? NO_EMAIL_REACHED : NOBODY_GETS_THE_EMAIL} Envíales un SMS.
          </p>
        )
      )}
      <a className="button button--block" href={smsHref(list, name, fix, reach.getsEmail)}>
        Enviar SMS a mis contactos
      </a>
      <p className="muted sos-sms__location">{locationNote}</p>
      {!anyConfirmed && toConfirm.length > 0 && (
        <>
          <p className="sos-sms__confirm">Para que reciban tus alertas por correo, pide que confirmen:</p>
          <ContactsToConfirm contacts={toConfirm} className="sos-sms__contacts" />
        </>
      )}
    </section>
  );
}
