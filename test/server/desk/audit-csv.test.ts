import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { DeskAuditLine } from '#shared/api/desk.ts';
import { auditCsv } from '#server/desk/audit.ts';

// The audit log's CSV as a spreadsheet reads it: what the log holds today has no comma or quote, but
// an address may (RFC 5321 allows `"ana,luz"@firma.example`), and a cell may look like a formula.

const line = (over: Partial<DeskAuditLine>): DeskAuditLine => ({
  id: 1,
  at: '2026-11-27T17:05:03.000Z',
  staff_email: 'ana@firma.example',
  action: 'search',
  query_hash: '-fingerprint',
  alert_ref: null,
  alert_id: null,
  results: 2,
  subject_email: null,
  ...over,
});

describe('the audit log as CSV', () => {
  it('quotes commas, quotes and line breaks, defuses formulas, and writes times in the zone asked for', () => {
    const csv = auditCsv(
      [
        line({ staff_email: '"ana,luz"@firma.example' }),
        line({ id: 2, staff_email: '=HYPERLINK("x")', action: 'staff-removed', subject_email: 'a\nb@firma.example' }),
        line({ id: 3, action: 'case-opened', alert_id: null, at: '2026-07-01T03:00:00.000Z' }),
      ],
      'America/Chicago',
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.split('\r\n')[1]).toBe(
      '2026-11-27 11:05:03,"""ana,luz""@firma.example",Buscó un nombre o teléfono (2 resultados),',
    );
    expect(parse(csv.slice(1))).toEqual([
      ['Fecha y hora (America/Chicago)', 'Quién', 'Qué', 'Caso'],
      ['2026-11-27 11:05:03', '"ana,luz"@firma.example', 'Buscó un nombre o teléfono (2 resultados)', ''],
      ['2026-11-27 11:05:03', `'=HYPERLINK("x")`, 'Quitó a a\nb@firma.example del equipo', ''],
      // Summer time in Chicago: five hours behind UTC, not six.
      ['2026-06-30 22:00:00', 'ana@firma.example', 'Abrió un caso', 'ya borrado'],
    ]);
    // No fingerprint leaves the desk in the file.
    expect(csv).not.toContain('fingerprint');
  });
});
