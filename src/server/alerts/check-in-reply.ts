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
 * deadline they chose (`duress_due_at`): until then it shows as running, after
 * that (or once closed) not at all (src/server/pins).
 */
export function shownCheckIn(row: CheckInRow, now: Date): CheckInRow | undefined {
  if (!row.duressAt) return row;
  if (row.closedAt || !row.duressDueAt || row.duressDueAt <= now) return undefined;
  return { ...row, status: 'running', dueAt: row.duressDueAt, firedAlertId: null };
}
