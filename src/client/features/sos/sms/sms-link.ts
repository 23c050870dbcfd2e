import type { Contact } from '#shared/api/contacts.ts';
import type { Language } from '#shared/language.ts';
import { phoneMessage } from '#shared/phone-message-texts.ts';
import type { Fix } from '#client/lib/location/location-store.ts';

/** Contacts who get the alert e-mail: confirmed, and not opted out of this person's e-mails. */
export function isConfirmed(contact: Contact): boolean {
  return Boolean(contact.email_verified_at) && !contact.unsubscribed_at;
}

/**
 * Who the SMS fallback goes to: the contacts who get the e-mail (`getsEmail`, the confirmed ones
 * unless the alert's delivery list says better); with none, every saved contact, since then
 * nobody gets the e-mail.
 */
export function smsRecipients(
  contacts: readonly Contact[],
  getsEmail: (contact: Contact) => boolean = isConfirmed,
): Contact[] {
  const emailed = contacts.filter(getsEmail);
  return emailed.length > 0 ? emailed : [...contacts];
}

export function mapLink({ latitude, longitude }: Fix): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

/**
 * What the person's own phone sends (SMS, WhatsApp, the share sheet): who, that they are in danger,
 * and the map, in the languages of the contacts it goes to (Spanish when none is known).
 */
export function smsText(name: string, fix: Fix | null, languages: readonly Language[] = ['es']): string {
  return phoneMessage(name, fix ? mapLink(fix) : null, languages);
}

/**
 * `sms:+1…,+52…?&body=…`: recipients comma-separated, and `?&body=`, which both
 * iOS (reads `&body=`) and Android (reads `?body=`, ignores the empty first pair) open.
 */
export function smsHref(
  contacts: readonly Contact[],
  name: string,
  fix: Fix | null,
  getsEmail: (contact: Contact) => boolean = isConfirmed,
): string {
  const recipients = smsRecipients(contacts, getsEmail);
  const phones = [...new Set(recipients.map((contact) => contact.phone.replace(/[^\d+]/g, '')))];
  // One message to them all: in each of their languages.
  return `sms:${phones.join(',')}?&body=${encodeURIComponent(
    smsText(
      name,
      fix,
      recipients.map((contact) => contact.language),
    ),
  )}`;
}
