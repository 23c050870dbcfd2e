import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { contacts, users } from '#server/db/schema.ts';
import { contactsBeingTold } from './contacts-being-told.ts';

/**
 * What the person was shown after the duress PIN instead of the truth: contacts
 * deleted, unmarked or added again, the detention information replaced or
 * deleted, other sessions closed. Once the real PIN has ended the last alert or
 * check-in that was on, nobody is being told any more and whoever forced the
 * person is gone: the person's screens show the truth again. While anything is
 * still on (an alert the duress PIN hid from them included) nothing changes.
 * Returns whether the shown states were cleared.
 */
export async function showTruthWhenNothingOn(tx: Queryable, userId: string): Promise<boolean> {
  if (await contactsBeingTold(tx, userId)) return false;
  await tx
    .update(contacts)
    .set({ shownDeletedAt: null, shownWithoutDetentionAt: null, shownId: null, shownAddedAt: null, shownAs: null })
    .where(
      and(
        eq(contacts.userId, userId),
        or(
          isNotNull(contacts.shownDeletedAt),
          isNotNull(contacts.shownWithoutDetentionAt),
          isNotNull(contacts.shownId),
        ),
      ),
    );
  await tx
    .update(users)
    .set({
      detentionShownSealed: null,
      detentionShownAt: null,
      sessionsShownClosedBy: null,
      sessionsShownClosedAt: null,
    })
    .where(and(eq(users.id, userId), or(isNotNull(users.detentionShownAt), isNotNull(users.sessionsShownClosedAt))));
  return true;
}
