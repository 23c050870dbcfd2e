import type { Contact } from '#shared/api/contacts.ts';
import type { Fix } from '../location/location-store.ts';

/** Contacts who get the alert e-mail: confirmed, and not opted out of this person's e-mails. */
export function isConfirmed(contact: Contact): boolean {
  return Boolean(contact.email_verified_at) && !contact.unsubscribed_at;
}

/**
 * Who the SMS fallback goes to: the contacts who get the e-mail (`getsEmail`, the confirmed ones
 * unless the alert's delivery list says better); with none, every saved contact, since then
 * nobody gets the e-mail.
 */
export function smsRecipients(contacts: readonly Contact[], getsEmail: (contact: Contact) => boolean = isConfirmed): Contact[] {
  const emailed = contacts.filter(getsEmail);
  return emailed.length > 0 ? emailed : [...contacts];
}

export function mapLink({ latitude, longitude }: Fix): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

/** What the person's own phone sends (SMS, WhatsApp, the share sheet): who, that they are in danger, and the map. */
export function smsText(name: string, fix: Fix | null): string {
  const who = name ? `Soy ${name}. ` : '';
  const where = fix ? ` Mi ubicación: ${mapLink(fix)}` : '';
  return `${who}Estoy en riesgo y necesito ayuda.${where}`;
}

/**
 * `sms:+1…,+52…?&body=…`: recipients comma-separated, and `?&body=`, which both
 * iOS (reads `&body=`) and Android (reads `?body=`, ignores the empty first pair) open.
 */
export function smsHref(contacts: readonly Contact[], name: string, fix: Fix | null, getsEmail: (contact: Contact) => boolean = isConfirmed): string {
  const phones = [...new Set(smsRecipients(contacts, getsEmail).map((contact) => contact.phone.replace(/[^\d+]/g, '')))];
  return `sms:${phones.join(',')}?&body=${encodeURIComponent(smsText(name, fix))}`;
}

/** Confirmed contacts with a phone number WhatsApp can open a chat with (digits of the number, country code first). */
export function whatsappContacts(contacts: readonly Contact[]): Contact[] {
  return contacts.filter((contact) => isConfirmed(contact) && phoneDigits(contact.phone).length > 0);
}

/** wa.me wants the international number as digits only: no '+', spaces, dashes or brackets. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** `https://wa.me/13055550199?text=…`: a chat with one contact, the same text as the SMS already typed. */
export function whatsappHref(contact: Contact, name: string, fix: Fix | null): string {
  return `https://wa.me/${phoneDigits(contact.phone)}?text=${encodeURIComponent(smsText(name, fix))}`;
}
