import { asc, eq, type SQL } from 'drizzle-orm';
import type { Delivery, DeliveryState } from '#shared/api/deliveries.ts';
import type { DeliveryLineInput } from '#shared/delivery-texts.ts';
import type { Queryable } from '#server/db/client.ts';
import { alertDeliveries, outbox, type OutboxStatus } from '#server/db/schema.ts';

export type DeliveryRow = {
  id: string;
  alertId: string | null;
  email: string;
  firstname: string;
  lastname: string;
  tokenHash: string;
  acknowledgedAt: Date | null;
  mailStatus: OutboxStatus | null;
  attempts: number | null;
  sentAt: Date | null;
  pushSentAt: Date | null;
  shownSentAt: Date | null;
};

/** The delivery records that match `where`, with their e-mail's fate from the outbox, by name. */
export function deliveryRows(db: Queryable, where: SQL | undefined): Promise<DeliveryRow[]> {
  return db
    .select({
      id: alertDeliveries.id,
      alertId: alertDeliveries.alertId,
      email: alertDeliveries.contactEmail,
      firstname: alertDeliveries.contactFirstname,
      lastname: alertDeliveries.contactLastname,
      tokenHash: alertDeliveries.tokenHash,
      acknowledgedAt: alertDeliveries.acknowledgedAt,
      mailStatus: outbox.status,
      attempts: outbox.attempts,
      sentAt: outbox.sentAt,
      pushSentAt: alertDeliveries.pushSentAt,
      shownSentAt: alertDeliveries.shownSentAt,
    })
    .from(alertDeliveries)
    .leftJoin(outbox, eq(outbox.id, alertDeliveries.outboxId))
    .where(where)
    .orderBy(asc(alertDeliveries.contactFirstname), asc(alertDeliveries.contactLastname), asc(alertDeliveries.id));
}

/**
 * A practice answered with nothing sent reads as one whose e-mail left when it
 * was pressed (its row has no outbox row): the person sees what a real one shows.
 */
const shownSent = (row: DeliveryRow) => row.shownSentAt !== null;

/**
 * Acknowledged beats everything; then what the outbox says. An outbox row that
 * is gone was withdrawn (the address opted out before it left): not sent. One
 * cancelled was withdrawn by the end, before it left: nothing was sent.
 */
export function stateOf(row: DeliveryRow): DeliveryState {
  if (row.acknowledgedAt) return 'acknowledged';
  if (row.mailStatus === 'sent' || shownSent(row)) return 'sent';
  if (row.mailStatus === 'cancelled') return 'cancelled';
  if (row.mailStatus === 'pending') return (row.attempts ?? 0) > 0 ? 'retrying' : 'pending';
  return 'failed';
}

export const fullName = (row: Pick<DeliveryRow, 'firstname' | 'lastname'>) => `${row.firstname} ${row.lastname}`.trim();

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    name: fullName(row),
    state: stateOf(row),
    sent_at: (row.sentAt ?? row.shownSentAt)?.toISOString() ?? null,
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
    attempts: shownSent(row) ? 1 : (row.attempts ?? 0),
    push_sent_at: row.pushSentAt?.toISOString() ?? null,
  };
}

/**
 * A line of the 'alert ended' e-mail, which goes to every contact: first names
 * only, so one compromised mailbox does not learn the whole support network.
 */
export function toDeliveryLine(row: DeliveryRow): DeliveryLineInput {
  return { name: row.firstname.trim(), state: stateOf(row), sentAt: row.sentAt, acknowledgedAt: row.acknowledgedAt };
}
