import { and, eq, sql } from 'drizzle-orm';
import { recordAlertEvent } from '#server/alerts/alert-events.ts';
import { alertsWithRoundsLeft, claimRounds } from '#server/alerts/round-claims.ts';
import type { Clock } from '#server/clock.ts';
import type { Config } from '#server/config.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { alerts, deskEscalations } from '#server/db/schema.ts';
import type { Log } from '#server/log.ts';
import { enqueueMails } from '#server/mail/outbox.ts';
import { pollingWorker } from '#server/polling-worker.ts';
import { attendedAlert, consentingAlert } from './desk-visibility.ts';
import { escalationRecipients } from './escalation-recipients.ts';
import { queueStaffPushes } from './staff-pushes.ts';

export type EscalationWorkerOptions = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'deskEscalation' | 'firmName'>;
  log: Log;
};

export type EscalationWorker = {
  start(): void;
  stop(): Promise<void>;
  /** Send every escalation that is due now; resolves with how many messages (tests call this after moving the clock). */
  runDue(): Promise<number>;
};

/** Round 1 (the staff on call) at DESK_ESCALATE_MINUTES, round 2 (every admin) at twice that. */
export const ESCALATION_ROUNDS = 2;

/**
 * Escalation: an active alert of a consenting person that nobody at the desk
 * has taken ('Atender') is sent to the staff on call after DESK_ESCALATE_MINUTES
 * (to every responder when nobody is on call), and to every admin after twice
 * that, by e-mail and on the phones where they turned on 'Recibir avisos en
 * este teléfono'. Each round is claimed by a row of `desk_escalations`, inserted in the
 * transaction that queues its messages (round-claims.ts), so each round is sent once.
 */
export function createEscalationWorker({ db, clock, config, log }: EscalationWorkerOptions): EscalationWorker {
  const { afterMs, pollMs } = config.deskEscalation;

  async function runDue(): Promise<number> {
    const now = clock.now();
    const candidates = await alertsWithRoundsLeft(
      db,
      deskEscalations,
      { now, firstAfterMs: afterMs, rounds: ESCALATION_ROUNDS },
      consentingAlert(),
      sql`not ${attendedAlert()}`,
    );
    let queued = 0;
    for (const alert of candidates) {
      const due = Math.min(ESCALATION_ROUNDS, Math.floor((now.getTime() - alert.startedAt.getTime()) / afterMs));
      if (alert.claimed < due) queued += await escalate(alert.id, due, now);
    }
    return queued;
  }

  /** Rounds up to `due` of one alert, those still unclaimed, if it is still on and still unattended. */
  function escalate(alertId: string, due: number, now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      // FOR SHARE: an end or a claim made meanwhile waits for this commit, or has committed and the row no longer matches.
      const [alert] = await tx
        .select({ id: alerts.id, userId: alerts.userId, startedAt: alerts.startedAt })
        .from(alerts)
        .where(and(eq(alerts.id, alertId), eq(alerts.status, 'active'), consentingAlert(), sql`not ${attendedAlert()}`))
        .for('share', { of: alerts });
      if (!alert) return 0;
      let queued = 0;
      for (const round of await claimRounds(tx, deskEscalations, alertId, due, now)) {
        queued += await sendRound(tx, alert, round, now);
      }
      return queued;
    });
  }

  async function sendRound(
    tx: Queryable,
    alert: { id: string; userId: string; startedAt: Date },
    round: number,
    now: Date,
  ): Promise<number> {
    const staff = await escalationRecipients(tx, round);
    // At least one: the texts say 'hace 1 minuto' where the wait was set in seconds (DESK_ESCALATE_SECONDS,
    // drills and tests); with the product's wait of whole minutes the floor never applies.
    const minutes = Math.max(1, Math.round((now.getTime() - alert.startedAt.getTime()) / 60_000));
    const data = { alertId: alert.id, round, minutes, firmName: config.firmName };
    // Rows of no account: they take the turn after everyone's first alert e-mails (kinds.ts); the phones too.
    await enqueueMails(
      tx,
      staff.map((member) => ({ kind: 'desk-escalation' as const, to: member.email, data })),
      now,
    );
    const phones = await queueStaffPushes(
      tx,
      staff.map((member) => member.id),
      data,
      now,
    );
    await recordAlertEvent(tx, {
      userId: alert.userId,
      alertId: alert.id,
      actor: 'system',
      kind: 'desk-escalated',
      at: now,
      detail: { round, staff: staff.length },
    });
    log.info(
      `alerta ${alert.id} sin atender: aviso a ${staff.length} del equipo, ${phones} por teléfono (ronda ${round})`,
    );
    return staff.length;
  }

  // The count runDue returns is for its callers; the loop itself waits its interval after each round.
  const loop = pollingWorker({
    name: 'escalado de la mesa',
    intervalMs: pollMs,
    tick: async () => void (await runDue()),
    log,
  });
  return { runDue, start: loop.start, stop: loop.stop };
}
