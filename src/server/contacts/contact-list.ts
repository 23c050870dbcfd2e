import { asc, count, desc } from 'drizzle-orm';
import type * as v from 'valibot';
import type { contactListQuerySchema } from '#shared/api/contacts.ts';
import { CONTACT_PAGE_SIZE } from '#shared/constants.ts';
import type { Queryable } from '#server/db/client.ts';
import { contacts } from '#server/db/schema.ts';
import { selectContacts, shownContact, shownContactsOf } from './contact-reply.ts';
import type { ContactRow } from './contact-reply.ts';

export type ContactListQuery = v.InferOutput<typeof contactListQuerySchema>;

// As the person is shown them (a contact added again after a duress deletion reads as new).
const sortable = {
  firstname: shownContact.firstname,
  lastname: shownContact.lastname,
  email: shownContact.email,
  created_at: shownContact.createdAt,
} as const;

// Any offset past this finds nothing anyway; capping it keeps a page like 1e300 from reaching PostgreSQL's bigint.
const MAX_OFFSET = 2 ** 31;

/**
 * SPEC.md section 7's list parameters, json-server style: without `_page` and
 * `_limit` the whole list; `_page` alone means pages of CONTACT_PAGE_SIZE.
 * Oldest first unless `_sort` says otherwise; the id breaks ties so pages never overlap.
 */
export async function listContacts(
  db: Queryable,
  userId: string,
  query: ContactListQuery,
): Promise<{ rows: ContactRow[]; total: number }> {
  const column = sortable[query._sort ?? 'created_at'];
  const direction = query._order === 'desc' ? desc : asc;
  const list = selectContacts(db, userId).orderBy(direction(column), direction(shownContact.id));
  if (query._page !== undefined || query._limit !== undefined) {
    const limit = query._limit ?? CONTACT_PAGE_SIZE;
    list.limit(limit).offset(Math.min(((query._page ?? 1) - 1) * limit, MAX_OFFSET));
  }
  const rows = await list;
  const [totals] = await db.select({ n: count() }).from(contacts).where(shownContactsOf(userId));
  return { rows, total: totals?.n ?? 0 };
}
