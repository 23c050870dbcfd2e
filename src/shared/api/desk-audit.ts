import * as v from 'valibot';
import type { DeskAuditLine } from './desk.ts';

// How a line of the desk's audit log reads, on 'Registro' and in its CSV alike: the log keeps no
// searched text (it may name a client), only that a search was made and how many it found.

export const deskAuditTexts = {
  search: (results: number) => `Buscó un nombre o teléfono (${results} ${results === 1 ? 'resultado' : 'resultados'})`,
  lookup: (searches: number) =>
    `Comprobó si alguien buscó a una persona (${searches} ${searches === 1 ? 'búsqueda encontrada' : 'búsquedas encontradas'})`,
  opened: 'Abrió un caso',
  caseGone: 'ya borrado',
  removed: (email: string) => `Quitó a ${email} del equipo`,
  csvWhen: (timeZone: string) => `Fecha y hora (${timeZone})`,
  csvWho: 'Quién',
  csvWhat: 'Qué',
  csvCase: 'Caso',
  zoneInvalid: 'Zona horaria desconocida.',
} as const;

/** What the line says happened (the case, when there is one, is a column of its own in the CSV). */
export function auditLineText(line: Pick<DeskAuditLine, 'action' | 'results' | 'subject_email'>): string {
  switch (line.action) {
    case 'search':
      return deskAuditTexts.search(line.results ?? 0);
    case 'lookup':
      return deskAuditTexts.lookup(line.results ?? 0);
    case 'case-opened':
      return deskAuditTexts.opened;
    case 'staff-removed':
      return deskAuditTexts.removed(line.subject_email ?? '');
  }
}

const knownZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** GET /api/desk/audit.csv?zona=America/Chicago: its dates in the zone of the desk that downloads it. */
export const deskAuditCsvQuerySchema = v.object({
  zona: v.optional(
    v.pipe(v.string(deskAuditTexts.zoneInvalid), v.maxLength(64), v.check(knownZone, deskAuditTexts.zoneInvalid)),
    'UTC',
  ),
});
