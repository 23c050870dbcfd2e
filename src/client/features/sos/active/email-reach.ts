import type { Contact } from '#shared/api/contacts.ts';
import type { Delivery } from '#shared/api/deliveries.ts';
import { isConfirmed } from '#client/features/sos/sms/sms-link.ts';

/**
 * Who gets the alert's e-mail, as the screen tells it. The server's delivery list, once here,
 * says it best (a contact may have confirmed after the contacts were cached on this phone);
 * until then, the cached contacts' confirmations.
 */
export interface EmailReach {
  /** false only when it is known that no e-mail goes out to anyone. */
  anyone: boolean;
  getsEmail(contact: Contact): boolean;
}

const fullName = (contact: Contact) => `${contact.firstname} ${contact.lastname}`.trim();

export function emailReach(
  contacts: readonly Contact[] | undefined,
  deliveries: readonly Delivery[] | undefined,
): EmailReach {
  if (deliveries) {
    // A failed e-mail (given up, or withdrawn after an opt-out) reaches nobody.
    const reached = new Set(
      deliveries.filter((delivery) => delivery.state !== 'failed').map((delivery) => delivery.name),
    );
    return { anyone: reached.size > 0, getsEmail: (contact) => reached.has(fullName(contact)) };
  }
  // Nothing cached: nothing known, so no warning either way.
  return { anyone: contacts === undefined || contacts.some(isConfirmed), getsEmail: isConfirmed };
}
