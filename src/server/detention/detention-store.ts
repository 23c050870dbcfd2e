import { eq } from 'drizzle-orm';
import { EMPTY_DETENTION_INFO, type DetentionInfo } from '#shared/api/detention-info.ts';
import type { Queryable } from '#server/db/client.ts';
import { detentionInfos, users } from '#server/db/schema.ts';
import { openDetentionInfo, sealDetentionInfo } from '#server/security/detention-box.ts';

const isEmpty = (info: DetentionInfo) => Object.values(info).every((value) => value === '');

/**
 * The person's information as they are shown it (all '' when none or when it can no longer be
 * opened): the stored one, or the one they replaced or deleted it with under the duress PIN.
 */
export async function readDetentionInfo(db: Queryable, secret: string, userId: string): Promise<DetentionInfo> {
  const [row] = await db
    .select({ sealed: detentionInfos.sealed, shownSealed: users.detentionShownSealed, shownAt: users.detentionShownAt })
    .from(users)
    .leftJoin(detentionInfos, eq(detentionInfos.userId, users.id))
    .where(eq(users.id, userId));
  const sealed = row?.shownAt ? row.shownSealed : row?.sealed;
  return (sealed ? openDetentionInfo(secret, sealed) : undefined) ?? { ...EMPTY_DETENTION_INFO };
}

/**
 * Replaced or deleted (`null`) with the duress PIN: from now on the person is shown this,
 * and the contacts keep the stored one.
 */
export async function showDetentionInfo(
  db: Queryable,
  secret: string,
  userId: string,
  info: DetentionInfo | null,
  now: Date,
): Promise<void> {
  const shown = info && !isEmpty(info) ? sealDetentionInfo(secret, info) : null;
  await db.update(users).set({ detentionShownSealed: shown, detentionShownAt: now }).where(eq(users.id, userId));
}

const shownNoMore = { detentionShownSealed: null, detentionShownAt: null } as const;

/** Replace it; all fields empty deletes it (nothing to keep). */
export async function writeDetentionInfo(
  db: Queryable,
  secret: string,
  userId: string,
  info: DetentionInfo,
  now: Date,
): Promise<void> {
  if (isEmpty(info)) {
    await deleteDetentionInfo(db, userId);
    return;
  }
  const sealed = sealDetentionInfo(secret, info);
  // A real change: what is stored is what the person is shown again.
  await db.update(users).set(shownNoMore).where(eq(users.id, userId));
  await db
    .insert(detentionInfos)
    .values({ userId, sealed, updatedAt: now })
    .onConflictDoUpdate({ target: detentionInfos.userId, set: { sealed, updatedAt: now } });
}

export async function deleteDetentionInfo(db: Queryable, userId: string): Promise<void> {
  await db.update(users).set(shownNoMore).where(eq(users.id, userId));
  await db.delete(detentionInfos).where(eq(detentionInfos.userId, userId));
}
