import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Contact } from '#shared/api/contacts.ts';
import type { Language } from '#shared/language.ts';
import type { Queryable } from '#server/db/client.ts';
import { contacts, optOuts, pushSubscriptions, type ShownContactDetails } from '#server/db/schema.ts';

/**
 * A contact as the person is shown it. Added again after a duress deletion
 * (contacts.shown_id, shown_added_at, shown_as), it reads as the new contact a
 * real deletion then that addition would have made: its own id, the details typed,
 * added then, confirmed only once it confirms again, its phones counted from then.
 */
const shownDetail = (field: keyof ShownContactDetails, column: AnyPgColumn) =>
  sql<string>`coalesce(${contacts.shownAs}->>${field}, ${column})`;

export const shownContact = {
  id: sql<string>`coalesce(${contacts.shownId}, ${contacts.id})`,
  firstname: shownDetail('firstname', contacts.firstname),
  lastname: shownDetail('lastname', contacts.lastname),
  email: contacts.email,
  createdAt: sql<Date>`coalesce(${contacts.shownAddedAt}, ${contacts.createdAt})`.mapWith(contacts.createdAt),
};

/** The contact the person knows by `id` (the id they are shown). */
export const shownIdIs = (id: string) => eq(shownContact.id, id);

/** A contact row plus whether its address opted out of this user's e-mails. */
const contactColumns = {
  id: shownContact.id,
  firstname: shownContact.firstname,
  lastname: shownContact.lastname,
  email: contacts.email,
  phone: shownDetail('phone', contacts.phone),
  kinship: shownDetail('kinship', contacts.kinship),
  language: sql<Language>`coalesce(${contacts.shownAs}->>'language', ${contacts.language})`,
  // As the person is shown it (shownWithoutDetentionAt: unmarked with the duress PIN).
  receivesDetentionInfo: sql<boolean>`(${contacts.receivesDetentionInfo} and ${contacts.shownWithoutDetentionAt} is null)`,
  // Added again: confirmed only by a confirmation since.
  emailVerifiedAt: sql<Date | null>`case when ${contacts.shownAs} is null then ${contacts.emailVerifiedAt}
    else (${contacts.shownAs}->>'confirmedAt')::timestamptz end`.mapWith(contacts.emailVerifiedAt),
  invitationDueAt: contacts.invitationDueAt,
  createdAt: shownContact.createdAt,
  unsubscribedAt: optOuts.unsubscribedAt,
  pushPhones: sql<number>`(select count(*)::int from ${pushSubscriptions} where ${pushSubscriptions.contactId} = ${contacts.id}
    and (${contacts.shownAddedAt} is null or ${pushSubscriptions.createdAt} >= ${contacts.shownAddedAt}))`,
};

/** The person's contacts as they are shown them: not those they deleted with the duress PIN. */
export const shownContactsOf = (userId: string) => and(eq(contacts.userId, userId), isNull(contacts.shownDeletedAt));

/** The caller's contacts joined with their opt-outs, as the caller is shown them; callers add order, paging or an id. */
export function selectContacts(db: Queryable, userId: string, id?: string) {
  return db
    .select(contactColumns)
    .from(contacts)
    .leftJoin(optOuts, and(eq(optOuts.userId, contacts.userId), eq(optOuts.email, contacts.email)))
    .where(id === undefined ? shownContactsOf(userId) : and(shownContactsOf(userId), shownIdIs(id)))
    .$dynamic();
}

export type ContactRow = Awaited<ReturnType<typeof selectContacts>>[number];

export async function findContact(db: Queryable, userId: string, id: string): Promise<ContactRow | undefined> {
  const [row] = await selectContacts(db, userId, id);
  return row;
}

/** The Contact object of src/shared/api/contacts.ts; `now` decides whether the invitation still waits. */
export function toContact(row: ContactRow, now: Date): Contact {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    phone: row.phone,
    kinship: row.kinship,
    language: row.language,
    email_verified_at: row.emailVerifiedAt?.toISOString() ?? null,
    unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
    invitation_pending_until:
      row.invitationDueAt && row.invitationDueAt > now ? row.invitationDueAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    push_phones: row.pushPhones,
    receives_detention_info: row.receivesDetentionInfo,
  };
}
