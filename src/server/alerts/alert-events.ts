import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AlertEventActor, AlertEventKind } from '#shared/alert-event-kinds.ts';
import type { Queryable } from '#server/db/client.ts';
import { alertDeliveries, alertEvents, outbox } from '#server/db/schema.ts';

/** Small facts about the event: counts, flags, ids of our own rows. Never a PIN, token, address, position or body. */
export type AlertEventDetail = Record<string, string | number | boolean>;

export type AlertEventLine = {
  userId: string;
  alertId?: string | null;
  checkInId?: string | null;
  actor: AlertEventActor;
  kind: Exclude<AlertEventKind, 'delivery-sent' | 'delivery-failed'>;
  at: Date;
  detail?: AlertEventDetail;
};

/**
 * Append one line to the person's `alert_events`, in the transaction of the
 * event it records: the line and the change commit together or not at all.
 * (An alert's start writes its line in its own one statement: start-rows.ts.)
 */
export async function recordAlertEvent(tx: Queryable, line: AlertEventLine): Promise<void> {
  await tx.insert(alertEvents).values({
    userId: line.userId,
    alertId: line.alertId ?? null,
    checkInId: line.checkInId ?? null,
    actor: line.actor,
    kind: line.kind,
    at: line.at,
    detail: line.detail ?? null,
  });
}

export type TimelineLine = {
  actor: AlertEventActor;
  kind: AlertEventKind;
  at: Date;
  detail: AlertEventDetail | null;
};

/**
 * One alert's case, oldest first: its logged events, and a line for each
 * contact whose alert e-mail the mail server took, or that we gave up on.
 * Those are derived from the outbox row each delivery record points to (its
 * worker records `sent_at` and `status` already) rather than written a second
 * time on the path that sends an SOS.
 */
export async function alertTimeline(db: Queryable, alertId: string): Promise<TimelineLine[]> {
  const logged = await db
    .select({
      id: alertEvents.id,
      actor: alertEvents.actor,
      kind: alertEvents.kind,
      at: alertEvents.at,
      detail: alertEvents.detail,
    })
    .from(alertEvents)
    .where(eq(alertEvents.alertId, alertId))
    .orderBy(asc(alertEvents.at), asc(alertEvents.id));
  const mails = await db
    .select({ status: outbox.status, sentAt: outbox.sentAt, createdAt: outbox.createdAt, attempts: outbox.attempts })
    .from(alertDeliveries)
    .innerJoin(outbox, eq(outbox.id, alertDeliveries.outboxId))
    .where(and(eq(alertDeliveries.alertId, alertId), inArray(outbox.status, ['sent', 'failed'])))
    .orderBy(asc(outbox.id));
  // A failed row keeps no time of its giving up: it is placed at its queueing, after the events of that moment.
  const derived = mails.map((mail) => ({
    id: Number.MAX_SAFE_INTEGER,
    actor: 'system' as const,
    kind: mail.status === 'sent' ? ('delivery-sent' as const) : ('delivery-failed' as const),
    at: mail.sentAt ?? mail.createdAt,
    detail: { attempts: mail.attempts },
  }));
  return [...logged, ...derived]
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id)
    .map(({ actor, kind, at, detail }) => ({ actor, kind, at, detail }));
}
