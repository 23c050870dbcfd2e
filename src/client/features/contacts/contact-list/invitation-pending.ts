import type { Contact } from '#shared/api/contacts.ts';

/** When the contact's held-back invitation leaves, while that is still ahead; else undefined. */
export function invitationPendingUntil(contact: Contact, now = Date.now()): Date | undefined {
  // Lists cached by an earlier version of the app lack the field.
  const until = contact.invitation_pending_until ? new Date(contact.invitation_pending_until) : undefined;
  return until && until.getTime() > now ? until : undefined;
}
