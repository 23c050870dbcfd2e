import { and, eq } from 'drizzle-orm';
import type { ActiveButtonInput } from '#shared/api/active-button.ts';
import { languageOr } from '#shared/language.ts';
import { momentData, personOf } from '#server/message-content/alert-mail-data.ts';
import { startInTransaction, type LockedUser } from '#server/alerts/alert-actions.ts';
import { positionOf } from '#server/alerts/press-moment.ts';
import { queueFollowUpMails } from '#server/alerts/tracked-mails.ts';
import { recordAlertEvent } from '#server/alerts/alert-events.ts';
import type { Config } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { alerts, checkIns, detentionInfos } from '#server/db/schema.ts';
import type { Press } from '#server/deps.ts';
import type { Log } from '#server/log.ts';
import { hmac } from '#server/security/hashing.ts';
import type { CheckInRow } from './check-in-reply.ts';

export type FireDeps = { tx: Queryable; config: Pick<Config, 'secret' | 'publicUrl'>; log?: Log; now: Date };

/**
 * The press a check-in makes when it falls due. Its key is derived from the
 * check-in's id and holds a ':' that no Idempotency-Key of the API may hold: a
 * replay, a second instance or a restart meets the claimed key, never a second
 * alert, and no request of the person can take it first. `shown`: the second
 * press of one the duress PIN extended, at the deadline the person was shown
 * (its first, forced, press took the first key).
 */
export function missedCheckInPress(
  config: Pick<Config, 'secret'>,
  checkIn: CheckInRow,
  now: Date,
  forced = false,
  shown = false,
): Press {
  const input: ActiveButtonInput = {
    alert_status: '1',
    latitude: checkIn.latitude,
    longitude: checkIn.longitude,
    timezone: checkIn.timezone,
  };
  return {
    userId: checkIn.userId,
    key: `check-in${shown ? '-shown' : ''}:${checkIn.id}`,
    bodyHash: hmac(config.secret, `check-in-${shown ? 'shown-' : ''}fired:${checkIn.id}`),
    input,
    now,
    checkIn: {
      id: checkIn.id,
      purpose: checkIn.purpose,
      place: checkIn.place,
      dueAt: checkIn.dueAt.toISOString(),
      ...(forced ? { forced } : {}),
      ...(shown ? { afterDuress: true } : {}),
    },
  };
}

/**
 * Fire one check-in whose row and person the caller holds locked, inside the
 * caller's transaction: the alert and its outbox rows are written through the
 * one start path (start-rows.ts), the check-in is marked fired with them. With
 * an alert already on, it adds to it: one e-mail to the contacts saying the
 * check-in was missed, never a second alert. Returns the alert's id.
 * `forced`: closed or extended with the duress PIN, so it fires before its time and the
 * contacts read that the person may have been forced to close it (src/server/pins).
 * `shown`: extended with the duress PIN, it reached the deadline the person was shown: a fresh
 * alert, or one more e-mail on the alert on, as a real one's deadline brings; the contacts are
 * told not to call (whoever forced the extension may still hold the phone).
 */
export async function fireCheckIn(
  { tx, config, log, now }: FireDeps,
  user: LockedUser,
  checkIn: CheckInRow,
  { forced = false, shown = false } = {},
): Promise<string> {
  const press = missedCheckInPress(config, checkIn, now, forced, shown);
  const started = await startInTransaction({ tx, config, ...(log ? { log } : {}) }, press);
  if (started?.kind === 'mismatch') throw new Error('a check-in found its key taken by another body');
  let alertId = started?.reply.alert_id ?? undefined;
  if (!alertId) {
    const [active] = await tx
      .select({ id: alerts.id })
      .from(alerts)
      .where(and(eq(alerts.userId, user.id), eq(alerts.status, 'active')));
    if (!active) throw new Error('a check-in found neither a start nor an active alert');
    alertId = active.id;
    const activeId = active.id;
    const [packet] = await tx
      .select({ sealed: detentionInfos.sealed })
      .from(detentionInfos)
      .where(eq(detentionInfos.userId, user.id));
    const moment = momentData({ at: now, timezone: checkIn.timezone });
    const missed = press.checkIn;
    if (!missed) throw new Error('a check-in press without its check-in');
    await queueFollowUpMails(
      { tx, config, userId: user.id, now, ...(log ? { log } : {}) },
      activeId,
      'alert-check-in-missed',
      (recipient, ack) => ({
        alertId: activeId,
        person: personOf(user),
        contactFirstname: recipient.firstname,
        language: languageOr(recipient.language),
        ...moment,
        position: positionOf(checkIn),
        ack,
        checkIn: {
          purpose: missed.purpose,
          place: missed.place,
          dueAt: missed.dueAt,
          ...(forced ? { forced } : {}),
          ...(missed.afterDuress ? { afterDuress: true } : {}),
        },
        ...(recipient.receivesDetentionInfo && packet ? { detention: packet.sealed } : {}),
      }),
    );
  }
  await tx
    .update(checkIns)
    .set({ status: 'fired', firedAt: now, firedAlertId: alertId, ...(shown ? { shownFiredAt: now } : {}) })
    .where(eq(checkIns.id, checkIn.id));
  // Forced: the person closed or extended it with the duress PIN; else its deadline passed unanswered.
  await recordAlertEvent(tx, {
    userId: user.id,
    alertId,
    checkInId: checkIn.id,
    actor: forced ? 'person' : 'system',
    kind: 'check-in-fired',
    at: now,
    detail: { forced, joinedAlert: !started, ...(shown ? { shown } : {}) },
  });
  return alertId;
}
