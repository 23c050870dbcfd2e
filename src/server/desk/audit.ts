import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { DESK_SEARCH_MIN_LENGTH, type DeskAuditLine } from '#shared/api/desk.ts';
import { auditLineText, deskAuditTexts } from '#shared/api/desk-audit.ts';
import type { Queryable } from '#server/db/client.ts';
import { deskAudit, deskAuditCases } from '#server/db/schema.ts';
import { hmac } from '#server/security/hashing.ts';
import type { StaffIdentity } from '#server/staff/staff-sessions.ts';
import { PHONE_SEARCH_MIN_DIGITS } from './search.ts';

/**
 * A search finds clients; a look-up ('¿Alguien buscó a esta persona?' on 'Registro') finds the
 * searches of one name or phone, so it is a read about that person too and is logged the same way.
 */
export type AuditEntry =
  { action: 'search' | 'lookup'; query: string; results: number } | { action: 'case-opened'; alertId: string };

/** A search as the desk matches it: a name whatever its spacing or capitals, a phone by its digits. */
function normalSearch(query: string): string {
  const text = query.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
  return /\p{L}/u.test(text) ? text : text.replace(/\D/g, '');
}

/**
 * What a search is kept as: a keyed fingerprint of the text, never the text (the log outlives the
 * person it may name; docs/decisions/035-desk-audit-fingerprints.md).
 */
export function searchFingerprint(secret: string, query: string): string {
  return hmac(secret, `desk-search:${normalSearch(query)}`);
}

/** Longer names or phones are cut here when checked: the fingerprints to compare grow with the square. */
const CHECKED_LENGTH = 40;

/**
 * The fingerprints of every search that would have found this name or phone: each piece of it the
 * desk's search matches ('rosa' and '5550123' find 'Rosa Prueba, +1 305 555 0123'). For an admin
 * asked whether someone was looked up.
 */
export function fingerprintsFinding(secret: string, nameOrPhone: string): string[] {
  const text = normalSearch(nameOrPhone).slice(0, CHECKED_LENGTH);
  const shortest = /\p{L}/u.test(text) ? DESK_SEARCH_MIN_LENGTH : PHONE_SEARCH_MIN_DIGITS;
  const pieces = new Set<string>();
  for (let start = 0; start < text.length; start += 1)
    for (let end = start + shortest; end <= text.length; end += 1) {
      const piece = text.slice(start, end);
      if (piece === piece.trim()) pieces.add(piece);
    }
  return [...pieces].map((piece) => hmac(secret, `desk-search:${piece}`));
}

/** A case opened, kept as a keyed fingerprint of its alert's id. */
export function caseFingerprint(secret: string, alertId: string): string {
  return hmac(secret, `desk-case:${alertId}`);
}

/**
 * Reads of one case by one staff member within this time of their last 'case-opened' line add no
 * line: the case screen reads again at every live event and reconnection, which would bury the
 * visits an auditor looks for under their refetches. Every read is still made through the audited
 * route, so the first read of a case (or the first after this long) is never lost.
 */
export const CASE_OPEN_FOLD_MS = 15 * 60_000;

/**
 * One line of the desk's append-only audit log (the table refuses UPDATE and DELETE). A case
 * opened is also linked to its alert in desk_audit_cases, a link that goes with the alert. A case
 * the same staff member opened less than CASE_OPEN_FOLD_MS ago writes nothing.
 */
export async function recordAudit(
  db: Queryable,
  secret: string,
  who: StaffIdentity,
  entry: AuditEntry,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (entry.action === 'case-opened') {
      const alertRef = caseFingerprint(secret, entry.alertId);
      // Two reads at once (a refetch beside a reconnection's) take turns, so they write one line.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`desk-case-opened:${who.id}:${alertRef}`}))`);
      const [recent] = await tx
        .select({ id: deskAudit.id })
        .from(deskAudit)
        .where(
          and(
            eq(deskAudit.staffId, who.id),
            eq(deskAudit.alertRef, alertRef),
            gt(deskAudit.at, new Date(at.getTime() - CASE_OPEN_FOLD_MS)),
          ),
        )
        .limit(1);
      if (recent) return;
    }
    const [line] = await tx
      .insert(deskAudit)
      .values({
        at,
        staffId: who.id,
        staffEmail: who.email,
        action: entry.action,
        queryHash: entry.action === 'case-opened' ? null : searchFingerprint(secret, entry.query),
        results: entry.action === 'case-opened' ? null : entry.results,
        alertRef: entry.action === 'case-opened' ? caseFingerprint(secret, entry.alertId) : null,
      })
      .returning({ id: deskAudit.id });
    if (line && entry.action === 'case-opened')
      await tx.insert(deskAuditCases).values({ auditId: line.id, alertId: entry.alertId });
  });
}

/**
 * The log, newest first, for admins; with `queryHashes` (fingerprintsFinding), only the searches and
 * look-ups of those fingerprints.
 */
export async function listAudit(
  db: Queryable,
  { limit = 1000, queryHashes }: { limit?: number; queryHashes?: string[] } = {},
): Promise<DeskAuditLine[]> {
  const rows = await db
    .select({ line: deskAudit, alertId: deskAuditCases.alertId })
    .from(deskAudit)
    .leftJoin(deskAuditCases, eq(deskAuditCases.auditId, deskAudit.id))
    .where(queryHashes === undefined ? undefined : inArray(deskAudit.queryHash, queryHashes))
    .orderBy(desc(deskAudit.id))
    .limit(limit);
  return rows.map(({ line, alertId }) => ({
    id: line.id,
    at: line.at.toISOString(),
    staff_email: line.staffEmail,
    action: line.action,
    query_hash: line.queryHash,
    alert_ref: line.alertRef,
    alert_id: alertId,
    results: line.results,
    subject_email: line.subjectEmail,
  }));
}

/** A moment as a spreadsheet reads it and a person does too: '2026-11-27 11:05:03', in `timeZone`. */
function csvMoment(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/**
 * The log as 'Exportar CSV' saves it, for a spreadsheet: Spanish headers, one row per line, its
 * moment in `timeZone` (the desk's), what happened in the words 'Registro' uses, and the case while
 * it is kept. No fingerprint: a spreadsheet can do nothing with one. UTF-8 with a byte order mark
 * (without it Excel reads the accents as Latin-1), RFC 4180 quoting, and a cell starting with
 * = + - @ is prefixed with a quote mark so that a spreadsheet shows it instead of running it.
 */
export function auditCsv(lines: DeskAuditLine[], timeZone: string): string {
  const cell = (value: string) => {
    let text = value;
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const header = [
    deskAuditTexts.csvWhen(timeZone),
    deskAuditTexts.csvWho,
    deskAuditTexts.csvWhat,
    deskAuditTexts.csvCase,
  ];
  const rows = lines.map((line) => [
    csvMoment(line.at, timeZone),
    line.staff_email,
    auditLineText(line),
    line.action === 'case-opened' ? (line.alert_id ?? deskAuditTexts.caseGone) : '',
  ]);
  return '\uFEFF' + [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
