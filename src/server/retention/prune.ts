import { and, eq, inArray, isNotNull, lt, lte, ne, not, or } from 'drizzle-orm';
import { CODE_TTL_MS, SIGNIN_LOCKOUT_FORGET_MS } from '#shared/constants.ts';
import { LOCKOUT_TYPE } from '#server/auth/lockout.ts';
import { concernsSomethingOn } from '#server/alerts/alert-events.ts';
import { ERASED_BODY_HASH } from '#server/requests/idempotency.ts';
import { pruneCheckIns } from '#server/check-ins/prune-check-ins.ts';
import { pruneStaffAccess } from '#server/staff/staff-sessions.ts';
import type { Config } from '#server/config.ts';
import { finishDeferredDeletions } from '#server/profile/deferred-deletion.ts';
import type { Db } from '#server/db/client.ts';
import {
  alertEvents,
  alerts,
  deskAuditCases,
  deskCases,
  deskEscalations,
  deskNotes,
  idempotencyKeys,
  outbox,
  practiceAlerts,
  rateLimits,
  sessions,
  verifications,
} from '#server/db/schema.ts';

const DAY = 24 * 60 * 60_000;

/**
 * Delete rows nobody can use any more: old rate-limit windows, expired codes and
 * confirmation links, idempotency keys of alert requests after 30 days,
 * and sessions that ended over a week ago (kept that long so a late replay of a
 * rotated token still finds its family and gets it revoked, not merely unknown).
 * Erase what we keep only as long as it helps: an ended alert's position (and a
 * practice alert's) after POSITION_RETENTION_DAYS, and the bodies of e-mails given up on (they may hold
 * a code or a position; a sent e-mail's body is cleared when it is sent), and
 * the receipts of sign-in code e-mails after a day. The desk's notes, claims, closures and
 * escalations of an alert go with its log, after the same retention.
 */
export async function pruneExpired(
  db: Db,
  now: Date,
  config: Pick<Config, 'positionRetentionDays' | 'deferredDeletionDays' | 'secret' | 'publicUrl'>,
): Promise<void> {
  const { positionRetentionDays } = config;
  const ms = now.getTime();
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(ms - DAY)));
  await db
    .delete(verifications)
    .where(and(ne(verifications.type, LOCKOUT_TYPE), lt(verifications.expiresAt, new Date(ms - CODE_TTL_MS))));
  // A count of wrong codes goes only once its lockout is over and no wrong code came for a while (auth/lockout.ts).
  await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.type, LOCKOUT_TYPE),
        lt(verifications.expiresAt, now),
        lt(verifications.sentAt, new Date(ms - SIGNIN_LOCKOUT_FORGET_MS)),
      ),
    );
  const weekAgo = new Date(ms - 7 * DAY);
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, weekAgo), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, weekAgo))));
  // The phone keeps a queued press or check-in for 7 days; its key must outlive it, so a late replay is
  // still recognised (with the keyed hash of its body, which held a position).
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(ms - 30 * DAY)));
  const ended = await db
    .update(alerts)
    .set({ latitude: '', longitude: '', accuracy: null })
    .where(
      and(
        eq(alerts.status, 'ended'),
        lt(alerts.endedAt, new Date(ms - positionRetentionDays * DAY)),
        or(ne(alerts.latitude, ''), ne(alerts.longitude, '')),
      ),
    )
    .returning({ userId: alerts.userId, endedAt: alerts.endedAt });
  // The requests of those alerts carried the position too: their keyed hashes go with it
  // (the keys stay, so a late replay still gets its first answer).
  for (const alert of ended) {
    if (!alert.endedAt) continue;
    await db
      .update(idempotencyKeys)
      .set({ bodyHash: ERASED_BODY_HASH })
      .where(
        and(
          eq(idempotencyKeys.userId, alert.userId),
          eq(idempotencyKeys.kind, 'alert'),
          lte(idempotencyKeys.createdAt, alert.endedAt),
          ne(idempotencyKeys.bodyHash, ERASED_BODY_HASH),
        ),
      );
  }
  // A practice alert ends as it starts: the same retention from its start.
  const practices = await db
    .update(practiceAlerts)
    .set({ latitude: '', longitude: '' })
    .where(
      and(
        lt(practiceAlerts.startedAt, new Date(ms - positionRetentionDays * DAY)),
        or(ne(practiceAlerts.latitude, ''), ne(practiceAlerts.longitude, '')),
      ),
    )
    .returning({ userId: practiceAlerts.userId, requestKey: practiceAlerts.requestKey });
  for (const practice of practices) {
    await db
      .update(idempotencyKeys)
      .set({ bodyHash: ERASED_BODY_HASH })
      .where(
        and(
          eq(idempotencyKeys.userId, practice.userId),
          eq(idempotencyKeys.kind, 'alert'),
          eq(idempotencyKeys.idempotencyKey, practice.requestKey),
        ),
      );
  }
  await pruneCheckIns(db, now, positionRetentionDays);
  // The log of a case kept as long as its positions: what happened, when, is no one's business after that.
  // Never while its alert or check-in is still on.
  await db
    .delete(alertEvents)
    .where(and(lt(alertEvents.at, new Date(ms - positionRetentionDays * DAY)), not(concernsSomethingOn())));
  // The desk's part of a case goes with its log: the notes and actions, who attended and how it was
  // closed, its escalations, and the audit's link to it (the audit's own line stays, nameless).
  const endedLongAgo = db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.status, 'ended'), lt(alerts.endedAt, new Date(ms - positionRetentionDays * DAY))));
  await db.delete(deskNotes).where(inArray(deskNotes.alertId, endedLongAgo));
  await db.delete(deskCases).where(inArray(deskCases.alertId, endedLongAgo));
  await db.delete(deskEscalations).where(inArray(deskEscalations.alertId, endedLongAgo));
  await db.delete(deskAuditCases).where(inArray(deskAuditCases.alertId, endedLongAgo));
  // Accounts whose deletion waited for an alert or a check-in that is now over.
  await finishDeferredDeletions(db, now, config);
  // Desk sessions that ended (12 h, or idle) and passkey challenges nobody answered.
  await pruneStaffAccess(db, now);
  // A sign-in code's e-mail (a person's or a staff member's), once sent or given up on, is no use a day later; its receipt would only keep the address.
  await db
    .delete(outbox)
    .where(
      and(
        inArray(outbox.kind, ['signin-code', 'staff-invite']),
        ne(outbox.status, 'pending'),
        lt(outbox.createdAt, new Date(ms - DAY)),
      ),
    );
  await db
    .update(outbox)
    .set({ subject: null, text: null, html: null, templateData: null })
    .where(
      and(
        eq(outbox.status, 'failed'),
        or(isNotNull(outbox.subject), isNotNull(outbox.text), isNotNull(outbox.html), isNotNull(outbox.templateData)),
      ),
    );
}
