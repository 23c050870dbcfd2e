import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { languageOr, type Language } from '#shared/language.ts';
import type { Queryable } from '#server/db/client.ts';
import { contacts, optOuts } from '#server/db/schema.ts';

export type Recipient = {
  email: string;
  firstname: string;
  lastname: string;
  language: Language;
  /** 'Enviarle mi información «Si me detienen» cuando haya una alerta' (absent where it was not read). */
  receivesDetentionInfo?: boolean;
};

/** Contacts who accepted and have not opted out of this person's e-mails. */
export async function alertRecipients(tx: Queryable, userId: string): Promise<Recipient[]> {
  const rows = await tx
    .select({
      email: contacts.email,
      firstname: contacts.firstname,
      lastname: contacts.lastname,
      language: contacts.language,
      receivesDetentionInfo: contacts.receivesDetentionInfo,
    })
    .from(contacts)
    .leftJoin(optOuts, and(eq(optOuts.userId, contacts.userId), eq(optOuts.email, contacts.email)))
    .where(and(eq(contacts.userId, userId), isNotNull(contacts.emailVerifiedAt), isNull(optOuts.unsubscribedAt)))
    .orderBy(contacts.createdAt);
  return rows.map((row) => ({ ...row, language: languageOr(row.language) }));
}

/** The language of each of this person's contacts among `emails`; an address no longer a contact reads Spanish. */
export async function recipientLanguages(
  tx: Queryable,
  userId: string,
  emails: string[],
): Promise<Map<string, Language>> {
  if (emails.length === 0) return new Map();
  const rows = await tx
    .select({ email: contacts.email, language: contacts.language })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.email, emails)));
  return new Map(rows.map((row) => [row.email, languageOr(row.language)]));
}
