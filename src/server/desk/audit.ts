import { desc } from 'drizzle-orm';
import type { DeskAuditLine } from '#shared/api/desk.ts';
import type { Queryable } from '#server/db/client.ts';
import { deskAudit } from '#server/db/schema.ts';
import type { StaffIdentity } from '#server/staff/staff-sessions.ts';

export type AuditEntry =
  { action: 'search'; query: string; results: number } | { action: 'case-opened'; alertId: string; userId: string };

/** One line of the desk's append-only audit log (the table refuses UPDATE and DELETE). */
export async function recordAudit(tx: Queryable, who: StaffIdentity, entry: AuditEntry, at: Date): Promise<void> {
  await tx.insert(deskAudit).values({
    at,
    staffId: who.id,
    staffEmail: who.email,
    action: entry.action,
    query: entry.action === 'search' ? entry.query : null,
    results: entry.action === 'search' ? entry.results : null,
    alertId: entry.action === 'case-opened' ? entry.alertId : null,
    userId: entry.action === 'case-opened' ? entry.userId : null,
  });
}

/** The log, newest first, for admins. */
export async function listAudit(db: Queryable, limit = 1000): Promise<DeskAuditLine[]> {
  const rows = await db.select().from(deskAudit).orderBy(desc(deskAudit.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    staff_email: row.staffEmail,
    action: row.action,
    query: row.query,
    alert_id: row.alertId,
    user_id: row.userId,
    results: row.results,
  }));
}

const CSV_COLUMNS = ['id', 'at', 'staff_email', 'action', 'query', 'alert_id', 'user_id', 'results'] as const;

/**
 * RFC 4180 CSV. A cell starting with = + - @ (a search typed by someone) is prefixed with a quote
 * mark so that a spreadsheet shows it instead of running it as a formula.
 */
export function auditCsv(lines: DeskAuditLine[]): string {
  const cell = (value: string | number | null) => {
    let text = value === null ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const rows = lines.map((line) => CSV_COLUMNS.map((column) => cell(line[column])).join(','));
  return [CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}
