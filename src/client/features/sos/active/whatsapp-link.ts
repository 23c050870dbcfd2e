import type { Contact } from '#shared/api/contacts.ts';
import { isConfirmed, smsText } from '#client/features/sos/sms/sms-link.ts';
import type { Fix } from '#client/lib/location/location-store.ts';

// Only the active alert's screen offers WhatsApp, so these live beside it and not in sms-link.ts:
// home's first download carries what home's SOS fallback uses, nothing more.

/** Confirmed contacts with a phone number WhatsApp can open a chat with (digits of the number, country code first). */
export function whatsappContacts(contacts: readonly Contact[]): Contact[] {
  return contacts.filter((contact) => isConfirmed(contact) && phoneDigits(contact.phone).length > 0);
}

/** wa.me wants the international number as digits only: no '+', spaces, dashes or brackets. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** `https://wa.me/13055550199?text=…`: a chat with one contact, the SMS's text already typed, in that contact's language. */
export function whatsappHref(contact: Contact, name: string, fix: Fix | null): string {
  return `https://wa.me/${phoneDigits(contact.phone)}?text=${encodeURIComponent(smsText(name, fix, [contact.language]))}`;
}
