import { and, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { ackToken } from '#server/message-content/ack-links.ts';
import { unsubscribeLinks } from '#server/message-content/opt-outs.ts';
import type { Db } from '#server/db/client.ts';
import { languageOr } from '#shared/language.ts';
import { alertDeliveries, alertReminders, alerts, contacts, optOuts, users } from '#server/db/schema.ts';
import { enqueueMails } from '#server/mail/outbox.ts';
import { pollingWorker, type PollingWorker, type WorkerDeps } from '#server/polling-worker.ts';
import { sha256 } from '#server/security/hashing.ts';
import type { ReminderCause } from '#server/mail/templates/reminder-mail.ts';
import { momentData, personOf } from '#server/message-content/alert-mail-data.ts';
import { forcedOn, recordAlertEvent } from './alert-events.ts';
import { alertPhaseOf, contactsView } from './lifecycle.ts';
import { positionOf } from './press-moment.ts';
import { alertsWithRoundsLeft, claimRounds } from './round-claims.ts';

export type ReminderWorkerOptions = WorkerDeps<'secret' | 'publicUrl' | 'reminders'>;

export type ReminderWorker = PollingWorker & {
  /** Queue every reminder that is due now; resolves with how many e-mails (tests call this after moving the clock). */
  runDue(): Promise<number>;
};

/**
 * Reminders: while nobody has acknowledged an active alert, each
 * contact who got it and is still confirmed gets one more e-mail at every
 * configured time after the alert started (5 and 15 minutes by default). They
 * are outbox e-mails, written in one transaction with the claim of their round
 * (round-claims.ts, in `alert_reminders`). Rounds that came due together (an
 * instance was down) are claimed together and sent once.
 */
export function createReminderWorker({ db, clock, config, log }: ReminderWorkerOptions): ReminderWorker {
  const offsets = config.reminders.afterMs;

  async function runDue(): Promise<number> {
    if (offsets.length === 0) return 0;
    const now = clock.now();
    const candidates = await alertsWithRoundsLeft(
      db,
      alertReminders,
      { now, firstAfterMs: offsets[0]!, rounds: offsets.length },
      notExists(
        db
          .select({ one: sql`1` })
          .from(alertDeliveries)
          .where(and(eq(alertDeliveries.alertId, alerts.id), isNotNull(alertDeliveries.acknowledgedAt))),
      ),
    );
    let queued = 0;
    for (const alert of candidates) {
      const due = offsets.filter((offset) => alert.startedAt.getTime() + offset <= now.getTime()).length;
      if (alert.claimed < due) queued += await remind(alert.id, due, now);
    }
    return queued;
  }

  /** Round `due` of one alert, if it is still active, still unacknowledged and the round is ours to claim. */
  function remind(alertId: string, due: number, now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      // FOR SHARE: an end pressed meanwhile waits for this commit (its e-mail then comes after
      // the reminder), or has committed and the row no longer matches: no reminder after the end.
      const [alert] = await tx
        .select()
        .from(alerts)
        .where(and(eq(alerts.id, alertId), eq(alerts.status, 'active')))
        .for('share');
      if (!alert) return 0;
      const [acknowledged] = await tx
        .select({ id: alertDeliveries.id })
        .from(alertDeliveries)
        .where(and(eq(alertDeliveries.alertId, alertId), isNotNull(alertDeliveries.acknowledgedAt)))
        .limit(1);
      if (acknowledged) return 0;
      // Rounds that came due together are sent as one: the last of them, if this call won it.
      if (!(await claimRounds(tx, alertReminders, alertId, due, now)).includes(due)) return 0;

      const [user] = await tx.select().from(users).where(eq(users.id, alert.userId));
      if (!user) return 0;
      // Who got the alert, has not acknowledged, and still wants this person's e-mails.
      const targets = await tx
        .select({
          id: alertDeliveries.id,
          email: alertDeliveries.contactEmail,
          firstname: contacts.firstname,
          language: contacts.language,
          tokenHash: alertDeliveries.tokenHash,
        })
        .from(alertDeliveries)
        .innerJoin(
          contacts,
          and(eq(contacts.userId, alertDeliveries.userId), eq(contacts.email, alertDeliveries.contactEmail)),
        )
        .leftJoin(
          optOuts,
          and(eq(optOuts.userId, alertDeliveries.userId), eq(optOuts.email, alertDeliveries.contactEmail)),
        )
        .where(
          and(
            eq(alertDeliveries.alertId, alertId),
            isNull(alertDeliveries.acknowledgedAt),
            isNotNull(contacts.emailVerifiedAt),
            isNull(optOuts.unsubscribedAt),
          ),
        );
      const position = positionOf(alert);
      const cause = await reminderCause(tx, alert);
      const minutes = Math.round((now.getTime() - alert.startedAt.getTime()) / 60_000);
      const moment = momentData({ at: alert.pressedAt, timezone: alert.timezone });
      for (const target of targets) {
        const tokenHash = sha256(ackToken(config.secret, alertId, target.email));
        // Rewritten only if SECRET changed since the alert: the reminder's link must work.
        if (tokenHash !== target.tokenHash) {
          await tx.update(alertDeliveries).set({ tokenHash }).where(eq(alertDeliveries.id, target.id));
        }
      }
      // The links are derived again when the e-mails are rendered (alert-mail-data.ts); this records them.
      await unsubscribeLinks(
        tx,
        config,
        user.id,
        targets.map((target) => target.email),
        now,
      );
      const mails = targets.map((target) => ({
        kind: 'alert-reminder' as const,
        to: target.email,
        data: {
          alertId,
          person: personOf(user),
          contactFirstname: target.firstname,
          language: languageOr(target.language),
          ...moment,
          position,
          minutes,
          cause,
        },
      }));
      await enqueueMails(tx, mails, now, user.id);
      if (targets.length > 0) {
        await tx
          .update(alertDeliveries)
          .set({ remindedAt: now })
          .where(
            inArray(
              alertDeliveries.id,
              targets.map((target) => target.id),
            ),
          );
      }
      await recordAlertEvent(tx, {
        userId: user.id,
        alertId,
        actor: 'system',
        kind: 'reminder-queued',
        at: now,
        detail: { round: due, mails: targets.length },
      });
      log.info(
        `recordatorio de la alerta ${alertId} (ronda ${due}): ${targets.length} ${targets.length === 1 ? 'correo' : 'correos'}`,
      );
      return targets.length;
    });
  }

  // The count runDue returns is for its callers; the loop itself waits its interval after each round.
  const loop = pollingWorker({
    name: 'recordatorios',
    intervalMs: config.reminders.pollMs,
    tick: async () => void (await runDue()),
    log,
  });
  return {
    runDue,
    start() {
      // With no reminder times configured there is nothing to look for.
      if (offsets.length > 0) loop.start();
    },
    stop: loop.stop,
  };
}

/** Why the alert is on, as the contacts were told it (contactsView for a duress end, and what the PIN was typed on). */
async function reminderCause(
  tx: Pick<Db, 'select'>,
  alert: Pick<typeof alerts.$inferSelect, 'id' | 'trigger' | 'endedByDuressAt'>,
): Promise<ReminderCause> {
  // The duress PIN typed on the check-in ('Estoy bien' or 'Necesito más tiempo') hides its alert from the
  // person as well: the reminder says what the contacts read then, never that the person ended their alert.
  if (contactsView(alertPhaseOf(alert)).forced)
    return (await forcedOn(tx, alert.id)) === 'check-in' ? 'forced-check-in' : 'forced-end';
  return alert.trigger === 'missed-check-in' ? 'missed-check-in' : 'press';
}
