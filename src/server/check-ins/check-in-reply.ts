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
