import { and, asc, desc, eq, gt, inArray, max, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AlertEventActor, AlertEventCaseLine, AlertEventKind } from '#shared/alert-event-kinds.ts';
import type { Queryable } from '#server/db/client.ts';
import { alertDeliveries, alertEvents, alerts, checkIns, outbox, users } from '#server/db/schema.ts';

/**
 * The `alert_events` log (docs/decisions/040): one row per event, whatever number of
 * alerts it concerns, and every query that reads it. Nothing else reads the table.
 */

/** Small facts about the event: counts, flags, ids of our own rows. Never a PIN, token, address, position or body. */
export type AlertEventDetail = Record<string, string | number | boolean>;

export type AlertEventLine = {
  userId: string;
  /** The alert the line is about; `alertIds`: one line about each of several alerts at once. */
  alertId?: string | null;
  alertIds?: string[];
  checkInId?: string | null;
  actor: AlertEventActor;
  kind: Exclude<AlertEventKind, 'delivery-sent' | 'delivery-failed'>;
  at: Date;
  detail?: AlertEventDetail;
};

/** The lines of the events open in a transaction (asOneEvent), by that transaction. */
const openEvents = new WeakMap<Queryable, AlertEventLine[]>();

/**
 * Append one line to the person's `alert_events`, in the transaction of the
 * event it records: the line and the change commit together or not at all.
 * Inside asOneEvent the line joins the event's one row instead.
 * (An alert's start writes its row in its own one statement: start-rows.ts.)
 */
export async function recordAlertEvent(tx: Queryable, line: AlertEventLine): Promise<void> {
  const open = openEvents.get(tx);
  if (open) open.push(line);
  else await writeEvent(tx, [line]);
}

/** Whether the transaction is inside asOneEvent: a start then leaves its line to it (start-rows.ts). */
export const eventIsOpen = (tx: Queryable): boolean => openEvents.has(tx);

/**
 * One event of the lifecycle, whose effects (each in the module named for it) may each record a
 * line: a press that retires an alert ended with the duress PIN and starts a new one, a check-in
 * that fires an alert, a duress close. Whatever they record becomes ONE row, written when `run`
 * is done, in its transaction. The row is the event as its first line of a `principal` kind
 * names it (else the last line recorded); it concerns every alert named by a line, and keeps
 * each line for the cases that show it. Nested calls join the outer event.
 */
export async function asOneEvent<T>(
  tx: Queryable,
  principal: readonly AlertEventKind[],
  run: () => Promise<T>,
): Promise<T> {
  if (openEvents.has(tx)) return run();
  const lines: AlertEventLine[] = [];
  openEvents.set(tx, lines);
  let result: T;
  try {
    result = await run();
  } finally {
    openEvents.delete(tx);
  }
  await writeEvent(tx, lines, principal);
  return result;
}

const alertsOf = (line: AlertEventLine): string[] => line.alertIds ?? (line.alertId ? [line.alertId] : []);

async function writeEvent(
  tx: Queryable,
  lines: AlertEventLine[],
  principal: readonly AlertEventKind[] = [],
): Promise<void> {
  const main = lines.find((line) => principal.includes(line.kind)) ?? lines.at(-1);
  if (!main) return;
  if (lines.some((line) => line.userId !== main.userId)) throw new Error("one event's lines name two people");
  const alertIds = [...new Set(lines.flatMap(alertsOf))];
  // One line about one alert or several reads as itself on each: only a combined event keeps its lines.
  const combined = lines.length > 1;
  await tx.insert(alertEvents).values({
    userId: main.userId,
    alertIds,
    checkInId: main.checkInId ?? lines.find((line) => line.checkInId)?.checkInId ?? null,
    actor: main.actor,
    kind: main.kind,
    at: main.at,
    detail: main.detail ?? null,
    lines: combined
      ? lines.flatMap((line) =>
          (alertsOf(line).length > 0 ? alertsOf(line) : [null]).map((alertId) => ({
            alertId,
            actor: line.actor,
            kind: line.kind,
            detail: line.detail ?? null,
          })),
        )
      : null,
  });
}

/** The events concerning an alert (its id, or a column holding it): a GIN look-up of `alert_ids`. */
export const concernsAlert = (alertId: string | SQLWrapper): SQL =>
  sql`${alertEvents.alertIds} @> array[${alertId}]::uuid[]`;

/** The alert has an event of one of these kinds (the desk's 'Atender' and 'Cerrar caso' are never combined). */
export const alertHasEvent = (alertId: SQLWrapper, kinds: AlertEventKind[]): SQL =>
  sql`exists (select 1 from ${alertEvents} where ${concernsAlert(alertId)} and ${inArray(alertEvents.kind, kinds)})`;

/** When the alert's latest position arrived, or null (a position concerns its one alert). */
export const latestPositionAt = (alertId: SQLWrapper) =>
  sql<Date | null>`(select max(${alertEvents.at}) from ${alertEvents} where ${alertEvents.kind} = 'position' and ${concernsAlert(alertId)})`.mapWith(
    alertEvents.at,
  );

/** The event concerns an alert still on, or its check-in still runs: the retention purge keeps it. */
export const concernsSomethingOn = (): SQL =>
  sql`(exists (select from ${alerts} where ${alerts.id} = any(${alertEvents.alertIds}) and ${alerts.status} = 'active')
    or exists (select from ${checkIns} where ${checkIns.id} = ${alertEvents.checkInId} and ${checkIns.status} = 'running'))`;

type EventRow = {
  id: number;
  actor: AlertEventActor;
  kind: AlertEventKind;
  at: Date;
  detail: AlertEventDetail | null;
  lines: AlertEventCaseLine[] | null;
};

/** How one event reads on one alert's case: its own lines there, or itself. */
export function linesOn(event: Omit<EventRow, 'id' | 'at'>, alertId: string): Omit<AlertEventCaseLine, 'alertId'>[] {
  if (!event.lines) return [{ actor: event.actor, kind: event.kind, detail: event.detail }];
  return event.lines
    .filter((line) => line.alertId === alertId)
    .map(({ actor, kind, detail }) => ({ actor, kind, detail }));
}

export type TimelineLine = {
  actor: AlertEventActor;
  kind: AlertEventKind;
  at: Date;
  detail: AlertEventDetail | null;
};

/**
 * One alert's case, oldest first: the events concerning it, each as it reads there, and a
 * line for each contact whose alert e-mail the mail server took, or that we gave up on.
 * Those are derived from the outbox row each delivery record points to (its worker records
 * `sent_at` and `status` already) rather than written a second time on the path that sends an SOS.
 */
export async function alertTimeline(db: Queryable, alertId: string): Promise<TimelineLine[]> {
  const events: EventRow[] = await db
    .select({
      id: alertEvents.id,
      actor: alertEvents.actor,
      kind: alertEvents.kind,
      at: alertEvents.at,
      detail: alertEvents.detail,
      lines: alertEvents.lines,
    })
    .from(alertEvents)
    .where(concernsAlert(alertId))
    .orderBy(asc(alertEvents.at), asc(alertEvents.id));
  const logged = events.flatMap((event) =>
    linesOn(event, alertId).map((line) => ({ ...line, at: event.at, id: event.id })),
  );
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
  // A stable sort: an event's own lines keep their order.
  return [...logged, ...derived]
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id)
    .map(({ actor, kind, at, detail }) => ({ actor, kind, at, detail }));
}

/**
 * The alert that took over from one that gave way ('alert-replaced': a press, or a check-in falling
 * due, after an end with the duress PIN): the alert its event started. Undefined when it gave way to
 * none (it ended, or is still on).
 */
export async function replacementOf(db: Pick<Queryable, 'select'>, alertId: string): Promise<string | undefined> {
  const [event] = await db
    .select({ alertIds: alertEvents.alertIds, lines: alertEvents.lines })
    .from(alertEvents)
    .where(
      and(
        concernsAlert(alertId),
        sql`${alertEvents.lines} @> ${JSON.stringify([{ alertId, kind: 'alert-replaced' }])}::jsonb`,
      ),
    )
    .orderBy(desc(alertEvents.id))
    .limit(1);
  return event?.lines?.find((line) => line.kind === 'alert-started' && line.alertId !== alertId)?.alertId ?? undefined;
}

/**
 * What the duress PIN was typed on, for an alert the contacts are told may be forced: FINALIZAR
 * ALERTA ('alert'), or the check-in, closed or extended with it ('check-in'), whose alert the
 * contacts read as 'cerró o alargó el aviso'. The first such event on the alert's case says it, as the
 * contacts were first told. Undefined: none is on its case.
 */
export async function forcedOn(db: Pick<Queryable, 'select'>, alertId: string): Promise<ForcedOn | undefined> {
  const events = await db
    .select({ actor: alertEvents.actor, kind: alertEvents.kind, detail: alertEvents.detail, lines: alertEvents.lines })
    .from(alertEvents)
    .where(
      and(
        concernsAlert(alertId),
        inArray(alertEvents.kind, ['alert-ended-duress', 'check-in-closed', 'check-in-extended', 'check-in-fired']),
      ),
    )
    .orderBy(asc(alertEvents.at), asc(alertEvents.id));
  for (const event of events) {
    for (const line of linesOn(event, alertId)) {
      // A duress end is the check-in's when the event was the check-in's 'Estoy bien' (its fired alert ended).
      if (line.kind === 'alert-ended-duress') return event.kind === 'alert-ended-duress' ? 'alert' : 'check-in';
      // The alert a check-in started when closed or extended with the duress PIN, or at the deadline that showed.
      if (line.kind === 'check-in-fired' && !line.detail?.joinedAlert && (line.detail?.forced || line.detail?.shown))
        return 'check-in';
    }
  }
  return undefined;
}

export type ForcedOn = 'alert' | 'check-in';

/** One event as each alert it concerns is told of it (the desk's live feed): the event's id and kind. */
export type EventOfAlert = { id: number; alertId: string; kind: string };

/**
 * The events after `afterId` that concern an alert, of the people `of` (a condition on `users`)
 * selects, oldest first, one entry per alert concerned; at most `limit` events.
 */
export async function eventsOfAlertsAfter(
  db: Queryable,
  afterId: number,
  of: SQL,
  limit: number,
): Promise<{ events: EventOfAlert[]; more: boolean }> {
  const rows = await db
    .select({ id: alertEvents.id, alertIds: alertEvents.alertIds, kind: alertEvents.kind })
    .from(alertEvents)
    .innerJoin(users, eq(users.id, alertEvents.userId))
    .where(and(gt(alertEvents.id, afterId), sql`cardinality(${alertEvents.alertIds}) > 0`, of))
    .orderBy(asc(alertEvents.id))
    .limit(limit + 1);
  const events = rows
    .slice(0, limit)
    .flatMap((row) => row.alertIds.map((alertId) => ({ id: row.id, alertId, kind: row.kind })));
  return { events, more: rows.length > limit };
}

/** The newest event's id: where a desk that just connected starts. */
export async function lastEventId(db: Queryable): Promise<number> {
  const [row] = await db.select({ id: max(alertEvents.id) }).from(alertEvents);
  return row?.id ?? 0;
}
