import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Contact } from '#shared/api/contacts.ts';
import type { Queryable } from '#server/db/client.ts';
import { contacts, optOuts, pushSubscriptions } from '#server/db/schema.ts';

/** A contact row plus whether its address opted out of this user's e-mails. */
const contactColumns = {
  id: contacts.id,
  firstname: contacts.firstname,
  lastname: contacts.lastname,
  email: contacts.email,
  phone: contacts.phone,
  kinship: contacts.kinship,
  language: contacts.language,
  // As the person is shown it (shownWithoutDetentionAt: unmarked with the duress PIN).
  receivesDetentionInfo: sql<boolean>`(${contacts.receivesDetentionInfo} and ${contacts.shownWithoutDetentionAt} is null)`,
  emailVerifiedAt: contacts.emailVerifiedAt,
  invitationDueAt: contacts.invitationDueAt,
  createdAt: contacts.createdAt,
  unsubscribedAt: optOuts.unsubscribedAt,
  pushPhones: sql<number>`(select count(*)::int from ${pushSubscriptions} where ${pushSubscriptions.contactId} = ${contacts.id})`,
};

/** The person's contacts as they are shown them: not those they deleted with the duress PIN. */
export const shownContactsOf = (userId: string) => and(eq(contacts.userId, userId), isNull(contacts.shownDeletedAt));

/** The caller's contacts joined with their opt-outs, as the caller is shown them; callers add order, paging or an id. */
export function selectContacts(db: Queryable, userId: string, id?: string) {
  return db
    .select(contactColumns)
    .from(contacts)
    .leftJoin(optOuts, and(eq(optOuts.userId, contacts.userId), eq(optOuts.email, contacts.email)))
    .where(id === undefined ? shownContactsOf(userId) : and(shownContactsOf(userId), eq(contacts.id, id)))
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
