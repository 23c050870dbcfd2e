import type { DeskAction } from '#shared/api/desk.ts';
import { recordAlertEvent } from '#server/alerts/alert-events.ts';
import type { Queryable } from '#server/db/client.ts';
import { deskNotes } from '#server/db/schema.ts';
import type { StaffIdentity } from '#server/staff/staff-sessions.ts';

/**
 * A staff note, or a logged action with an optional note. The text lives in desk_notes; the
 * timeline line (alert_events) holds only its id and who wrote it, never the text.
 */
export async function addDeskNote(
  db: Queryable,
  alert: { id: string; userId: string },
  who: StaffIdentity,
  entry: { text: string; action?: DeskAction },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [note] = await tx
      .insert(deskNotes)
      .values({ alertId: alert.id, staffId: who.id, action: entry.action ?? null, text: entry.text, at: now })
      .returning({ id: deskNotes.id });
    if (!note) throw new Error('a desk note was not written');
    await recordAlertEvent(tx, {
      userId: alert.userId,
      alertId: alert.id,
      actor: 'staff',
      kind: entry.action ? 'desk-action' : 'desk-note',
      at: now,
      detail: { staffId: who.id, noteId: note.id },
    });
  });
}
