import type { Contact } from '#shared/api/contacts.ts';
import { track } from '#client/lib/analytics.ts';
import type { Fix } from '#client/lib/location/location-store.ts';
import { smsText } from '#client/features/sos/sms/sms-link.ts';
import { whatsappContacts, whatsappHref } from './whatsapp-link.ts';

interface Props {
  /** From the cached contacts query; undefined when nothing is cached. */
  contacts: readonly Contact[] | undefined;
  name: string;
  fix: Fix | null;
  /** The SOS waits for signal: WhatsApp may still get through on a thin connection. */
  queued: boolean;
}

/** The system share sheet, where the browser has one. */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * From the person's own phone, beside the SMS: a WhatsApp chat with each confirmed contact, the
 * message already typed (with the map). Nothing here needs our server.
 */
export function PhoneShare({ contacts, name, fix, queued }: Props) {
  const people = whatsappContacts(contacts ?? []);
  if (people.length === 0) return null;
  return (
    <section className="sos-share" aria-labelledby="sos-share-title">
      <h2 id="sos-share-title">{queued ? 'Avisa ahora por WhatsApp' : 'Avisa también por WhatsApp'}</h2>
      {/* One button a contact, each showing the name only (the heading says WhatsApp): short names
          share a row. They come after the SMS, which reaches every contact with one tap. */}
      <ul className="sos-share__contacts">
        {people.map((contact) => (
          <li key={contact.id}>
            <a
              className="button button--block sos-share__whatsapp"
              href={whatsappHref(contact, name, fix)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => track('whatsapp_open', { queued })}
            >
              <span className="visually-hidden">Enviar por WhatsApp a</span> {contact.firstname} {contact.lastname}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The system share sheet for any other app, where the browser has one: after the SMS, which
 * reaches every contact with one tap and must stay on the first screen, and after WhatsApp.
 */
export function ShareSheetButton({ contacts, name, fix }: Omit<Props, 'queued'>) {
  if (!canShare()) return null;
  // The share sheet goes anywhere: in the languages of the contacts it would most likely reach.
  const text = smsText(
    name,
    fix,
    whatsappContacts(contacts ?? []).map((contact) => contact.language),
  );
  return (
    <button
      type="button"
      className="button button--ghost button--block"
      onClick={() => {
        // Closing the sheet without choosing rejects: nothing to tell the person.
        navigator.share({ text }).catch(() => undefined);
      }}
    >
      Compartir
    </button>
  );
}
