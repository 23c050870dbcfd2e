import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DETENTION_FIELDS } from '#shared/api/detention-info.ts';
import { countryCodeOf, locatorCountryName } from '#shared/countries.ts';
import type { DeskAlertCard, DeskCase, DeskDetentionInfo, DeskTimelineLine } from '#shared/api/desk.ts';
import { alertTimeline, forcedOn, latestPositionAt, type ForcedOn } from '#server/alerts/alert-events.ts';
import { alertPhaseOf, contactsView } from '#server/alerts/lifecycle.ts';
import { deliveryRows, fullName, stateOf, type DeliveryRow } from '#server/alerts/delivery-rows.ts';
import type { Queryable } from '#server/db/client.ts';
import { alertDeliveries, alerts, deskCases, deskNotes, detentionInfos, staff, users } from '#server/db/schema.ts';
import { openDetentionInfo } from '#server/security/detention-box.ts';
import { deskMayOpen, onTheDeskList } from './desk-visibility.ts';

const closer = alias(staff, 'closer');

type Scope = { now: Date; retentionDays: number };

function cardRows(db: Queryable, { now, retentionDays }: Scope, where: ReturnType<typeof and>) {
  return db
    .select({
      alert: alerts,
      user: { id: users.id, firstname: users.firstname, lastname: users.lastname, phone: users.phone },
      detentionChosen: users.firmDetentionInfoAt,
      case: deskCases,
      attendingEmail: staff.email,
      closerEmail: closer.email,
      lastPositionAt: latestPositionAt(alerts.id),
    })
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .leftJoin(deskCases, eq(deskCases.alertId, alerts.id))
    .leftJoin(staff, eq(staff.id, deskCases.claimedBy))
    .leftJoin(closer, eq(closer.id, deskCases.closedBy))
    .where(and(deskMayOpen(now, retentionDays), where));
}

type CardRow = Awaited<ReturnType<typeof cardRows>>[number];

async function toCards(db: Queryable, rows: CardRow[]): Promise<DeskAlertCard[]> {
  if (rows.length === 0) return [];
  const deliveries = await deliveryRowsOf(
    db,
    rows.map((row) => row.alert.id),
  );
  // What the duress PIN was typed on, for the few alerts it forced: the card names it.
  const coercionOn = new Map<string, ForcedOn>();
  for (const { alert } of rows)
    if (alert.status === 'active' && contactsView(alertPhaseOf(alert)).forced)
      coercionOn.set(alert.id, (await forcedOn(db, alert.id)) ?? 'alert');
  return rows.map(({ alert, user, case: deskCase, attendingEmail, closerEmail, lastPositionAt }) => {
    const active = alert.status === 'active';
    const coercion = coercionOn.get(alert.id);
    // Positions only while the alert is on: never after it ended.
    const position =
      active && alert.latitude && alert.longitude
        ? {
            latitude: alert.latitude,
            longitude: alert.longitude,
            at: (lastPositionAt ?? alert.positionAt ?? alert.startedAt).toISOString(),
            accuracy: alert.accuracy,
          }
        : null;
    return {
      id: alert.id,
      client: { id: user.id, name: `${user.firstname} ${user.lastname}`.trim(), phone: user.phone },
      trigger: alert.trigger,
      pressed_at: alert.pressedAt.toISOString(),
      timezone: alert.timezone,
      position,
      contacts: (deliveries.get(alert.id) ?? []).map((row) => ({
        name: fullName(row),
        state: stateOf(row),
        acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
      })),
      // The desk sees the truth the person's screen hides: the contacts' view of the alert.
      possible_coercion: coercion !== undefined,
      ...(coercion ? { coercion_on: coercion } : {}),
      active,
      attending:
        deskCase && attendingEmail
          ? { staff_id: deskCase.claimedBy, email: attendingEmail, since: deskCase.claimedAt.toISOString() }
          : null,
      closed:
        deskCase?.closedAt && deskCase.outcome
          ? {
              outcome: deskCase.outcome,
              at: deskCase.closedAt.toISOString(),
              by: closerEmail ?? '',
              note: deskCase.closeNote ?? '',
            }
          : null,
    };
  });
}

/** The contacts of every card's alert, in one query whatever the number of cards. */
async function deliveryRowsOf(db: Queryable, alertIds: string[]) {
  const byAlert = new Map<string, DeliveryRow[]>();
  for (const row of await deliveryRows(db, inArray(alertDeliveries.alertId, alertIds))) {
    if (!row.alertId) continue;
    const rows = byAlert.get(row.alertId) ?? [];
    rows.push(row);
    byAlert.set(row.alertId, rows);
  }
  return byAlert;
}

/** 'Alertas activas', newest press first. */
export async function activeAlertCards(db: Queryable, scope: Scope): Promise<DeskAlertCard[]> {
  const rows = await cardRows(db, scope, onTheDeskList).orderBy(desc(alerts.pressedAt));
  return toCards(db, rows);
}

/** One card, when the desk may open it; undefined otherwise (unconsented, purged, unknown). */
export async function deskCard(db: Queryable, scope: Scope, alertId: string): Promise<DeskAlertCard | undefined> {
  const [row] = await cardRows(db, scope, eq(alerts.id, alertId));
  if (!row) return undefined;
  const [card] = await toCards(db, [row]);
  return card;
}

/** The case page: the card, the timeline from alert_events with the desk's notes, and the detention information if the firm was chosen for it. */
export async function deskCase(
  db: Queryable,
  scope: Scope & { secret: string },
  alertId: string,
): Promise<DeskCase | undefined> {
  const [row] = await cardRows(db, scope, eq(alerts.id, alertId));
  if (!row) return undefined;
  const [card] = await toCards(db, [row]);
  if (!card) return undefined;
  return {
    ...card,
    timeline: await deskTimeline(db, alertId),
    detention_info: row.detentionChosen ? await detentionFor(db, scope.secret, row.user.id) : null,
  };
}

async function deskTimeline(db: Queryable, alertId: string): Promise<DeskTimelineLine[]> {
  const lines = await alertTimeline(db, alertId);
  const noteIds = lines.flatMap((line) => (typeof line.detail?.noteId === 'number' ? [line.detail.noteId] : []));
  const staffIds = lines.flatMap((line) => (typeof line.detail?.staffId === 'string' ? [line.detail.staffId] : []));
  const notes = noteIds.length
    ? new Map((await db.select().from(deskNotes).where(inArray(deskNotes.id, noteIds))).map((note) => [note.id, note]))
    : new Map<number, typeof deskNotes.$inferSelect>();
  const emails = staffIds.length
    ? new Map(
        (await db.select({ id: staff.id, email: staff.email }).from(staff).where(inArray(staff.id, staffIds))).map(
          (member) => [member.id, member.email],
        ),
      )
    : new Map<string, string>();
  return lines.map(({ at, actor, kind, detail }) => {
    const line: DeskTimelineLine = { at: at.toISOString(), actor, kind };
    if (detail?.duress === true || detail?.forced === true || detail?.shown === true) line.duress = true;
    if (typeof detail?.staffId === 'string') line.staff_email = emails.get(detail.staffId) ?? '';
    const note = typeof detail?.noteId === 'number' ? notes.get(detail.noteId) : undefined;
    if (note) {
      line.text = note.text;
      if (note.action) line.action = note.action;
    }
    if (typeof detail?.outcome === 'string') line.action = detail.outcome;
    return line;
  });
}

/**
 * The real 'Si me detienen' information (the one the contacts get, never a duress stand-in), with
 * the A-number and the country of birth first: the two fields the ICE locator searches by.
 */
async function detentionFor(db: Queryable, secret: string, userId: string): Promise<DeskDetentionInfo | null> {
  const [row] = await db
    .select({ sealed: detentionInfos.sealed })
    .from(detentionInfos)
    .where(eq(detentionInfos.userId, userId));
  const info = row ? openDetentionInfo(secret, row.sealed) : undefined;
  if (!info) return null;
  const first = ['a_number', 'birth_country'] as const;
  const ordered: DeskDetentionInfo = {};
  for (const field of [...first, ...DETENTION_FIELDS.filter((f) => !(first as readonly string[]).includes(f))])
    ordered[field] = String(info[field] ?? '');
  // The desk copies the country into the locator: its English name there, or what was typed before the list.
  const country = countryCodeOf(ordered.birth_country ?? '');
  if (country) ordered.birth_country = locatorCountryName(country);
  return ordered;
}
