import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ActiveButtonReply } from '#shared/api/active-button.ts';
import type { EndNews } from '#shared/end-news-texts.ts';
import type { Queryable } from '#server/db/client.ts';
import { alerts } from '#server/db/schema.ts';

// What an end told the person (docs/decisions/051), kept on the alert until the person has read
// it: an end the service worker sent after the page closed got its answer with nobody to read it,
// and the person must still learn whether their contacts were told. The person's status carries
// it (GET /api/alert-deliveries) until the app says it was shown. A duress end keeps exactly what
// its reply says, which is what a real end would have said: nothing here tells the PINs apart.

/** Keeps what an end's reply told the person, in the end's transaction. Nothing to keep when it said nothing. */
export async function keepEndNews(tx: Queryable, reply: ActiveButtonReply): Promise<void> {
  if (!reply.alert_id || !reply.contacts_told) return;
  await tx
    .update(alerts)
    .set({ endNews: reply.contacts_told, endNewsSeenAt: null })
    .where(eq(alerts.id, reply.alert_id));
}

/**
 * The news of the person's latest alert, while it is unread; for a person whose screens show no
 * alert on (the caller knows). A later alert, ended or not, makes an older one's news stale.
 */
export async function unreadEndNews(db: Queryable, userId: string): Promise<EndNews | null> {
  const [latest] = await db
    .select({ id: alerts.id, endNews: alerts.endNews, seenAt: alerts.endNewsSeenAt })
    .from(alerts)
    .where(eq(alerts.userId, userId))
    .orderBy(desc(alerts.startedAt), desc(alerts.id))
    .limit(1);
  if (!latest?.endNews || latest.seenAt) return null;
  return { alert_id: latest.id, contacts_told: latest.endNews };
}

/** The app showed the person that alert's news: it is not carried again. Nothing when it is not theirs, or read already. */
export async function markEndNewsSeen(db: Queryable, userId: string, alertId: string, now: Date): Promise<void> {
  await db
    .update(alerts)
    .set({ endNewsSeenAt: now })
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId), isNull(alerts.endNewsSeenAt)));
}
