import type { CheckIn, CheckInPurpose } from '#shared/api/check-ins.ts';
import type { checkIns } from '#server/db/schema.ts';

export type CheckInRow = typeof checkIns.$inferSelect;

/** The CheckIn of src/shared/api/check-ins.ts. */
export function toCheckIn(row: CheckInRow, reminderMs: number): CheckIn {
  return {
    id: row.id,
    purpose: row.purpose as CheckInPurpose,
    place: row.place,
    due_at: row.dueAt.toISOString(),
    status: row.status,
    fired_alert_id: row.firedAlertId,
    created_at: row.createdAt.toISOString(),
    remind_at: new Date(row.dueAt.getTime() - reminderMs).toISOString(),
  };
}

/**
 * The check-in as the person is shown it. One closed or extended with the duress
 * PIN fired at once, but the person was told it closed, or that it runs until the
 * deadline they chose (`duress_due_at`): once closed it shows not at all; extended,
 * it shows as running, past that deadline too, until the check-in worker reaches it
 * as it fires a real one (`shown_fired_at`), and from then on as fired, with the
 * alert the worker showed them (src/server/alerts/lifecycle.ts, 'check-in-shown-fire').
 */
export function shownCheckIn(row: CheckInRow): CheckInRow | undefined {
  if (!row.duressAt) return row;
  if (row.closedAt || !row.duressDueAt) return undefined;
  if (row.shownFiredAt) return { ...row, status: 'fired', dueAt: row.duressDueAt };
  return { ...row, status: 'running', dueAt: row.duressDueAt, firedAlertId: null };
}
