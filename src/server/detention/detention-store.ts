import { eq } from 'drizzle-orm';
import { EMPTY_DETENTION_INFO, type DetentionInfo } from '#shared/api/detention-info.ts';
import type { Queryable } from '#server/db/client.ts';
import { detentionInfos } from '#server/db/schema.ts';
import { openDetentionInfo, sealDetentionInfo } from './detention-box.ts';

const isEmpty = (info: DetentionInfo) => Object.values(info).every((value) => value === '');

/** The person's information as stored (all '' when none or when it can no longer be opened). */
export async function readDetentionInfo(db: Queryable, secret: string, userId: string): Promise<DetentionInfo> {
  const [row] = await db
    .select({ sealed: detentionInfos.sealed })
    .from(detentionInfos)
    .where(eq(detentionInfos.userId, userId));
  return (row && openDetentionInfo(secret, row.sealed)) ?? { ...EMPTY_DETENTION_INFO };
}

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
  await db
    .insert(detentionInfos)
    .values({ userId, sealed, updatedAt: now })
    .onConflictDoUpdate({ target: detentionInfos.userId, set: { sealed, updatedAt: now } });
}

export async function deleteDetentionInfo(db: Queryable, userId: string): Promise<void> {
  await db.delete(detentionInfos).where(eq(detentionInfos.userId, userId));
}
