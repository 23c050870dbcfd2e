import * as v from 'valibot';

/** What a responder logs on a case, as the desk's buttons say it. */
export const deskActions = [
  'Llamé a la persona',
  'Llamé a un contacto',
  'Busqué en el localizador de ICE',
  'Contacté al consulado',
  'Abogado asignado',
] as const;
export type DeskAction = (typeof deskActions)[number];

/** How a case ends. */
export const deskOutcomes = ['A salvo', 'Detenido: ubicado', 'Detenido: sin ubicar', 'Falsa alarma'] as const;
export type DeskOutcome = (typeof deskOutcomes)[number];

export const DESK_NOTE_MAX_LENGTH = 2000;
export const DESK_SEARCH_MIN_LENGTH = 2;

export const deskMessages = {
  notFound: 'No encontramos ese caso.',
  claimedByOther: (email: string) => `Este caso ya lo atiende ${email}.`,
  claimed: 'Atiendes este caso.',
  alreadyClosed: 'Este caso ya está cerrado.',
  noteRequired: 'Escribe la nota.',
  noteTooLong: `La nota puede tener hasta ${DESK_NOTE_MAX_LENGTH} caracteres.`,
  actionInvalid: 'Elige una acción de la lista.',
  outcomeInvalid: 'Elige cómo terminó el caso.',
  searchTooShort: `Escribe al menos ${DESK_SEARCH_MIN_LENGTH} letras o números.`,
  saved: 'Guardado.',
  closed: 'Caso cerrado.',
} as const;

const noteText = v.pipe(
  v.string(deskMessages.noteRequired),
  v.trim(),
  v.nonEmpty(deskMessages.noteRequired),
  v.maxLength(DESK_NOTE_MAX_LENGTH, deskMessages.noteTooLong),
);
const optionalNote = v.optional(
  v.pipe(v.string(deskMessages.noteTooLong), v.trim(), v.maxLength(DESK_NOTE_MAX_LENGTH, deskMessages.noteTooLong)),
  '',
);

/** POST desk/alerts/:id/notes. */
export const deskNoteSchema = v.object({ text: noteText });
/** POST desk/alerts/:id/actions. */
export const deskActionSchema = v.object({
  action: v.picklist(deskActions, deskMessages.actionInvalid),
  text: optionalNote,
});
/** POST desk/alerts/:id/close. */
export const deskCloseSchema = v.object({
  outcome: v.picklist(deskOutcomes, deskMessages.outcomeInvalid),
  text: optionalNote,
});
/** GET desk/clients?q= */
export const deskSearchSchema = v.object({
  q: v.pipe(
    v.string(deskMessages.searchTooShort),
    v.trim(),
    v.minLength(DESK_SEARCH_MIN_LENGTH, deskMessages.searchTooShort),
  ),
});

/**
 * 'Registro' filtered to the searches (and earlier look-ups) of one name or phone, for whoever asks
 * whether they were looked up. The asking is itself written to the log.
 */
export const deskAuditQuerySchema = v.object({
  q: v.optional(
    v.pipe(
      v.string(deskMessages.searchTooShort),
      v.trim(),
      v.minLength(DESK_SEARCH_MIN_LENGTH, deskMessages.searchTooShort),
    ),
  ),
});

export type DeskPosition = {
  latitude: string;
  longitude: string;
  /** When the position reached the server (its age is the desk's to show). */
  at: string;
  /** Metres, when the phone said (src/shared/api/active-button.ts); null otherwise. */
  accuracy: number | null;
};

export type DeskContact = { name: string; state: string; acknowledged_at: string | null };

/** One card of 'Alertas activas'. */
export type DeskAlertCard = {
  id: string;
  client: { id: string; name: string; phone: string };
  trigger: 'press' | 'missed-check-in';
  pressed_at: string;
  timezone: string;
  /** Only while the alert is on (never after it ended). */
  position: DeskPosition | null;
  contacts: DeskContact[];
  /** Ended with the duress PIN: 'posible coacción'. */
  possible_coercion: boolean;
  /** With possible_coercion: what the duress PIN was typed on, FINALIZAR ALERTA or the check-in ('la cita'). */
  coercion_on?: 'alert' | 'check-in';
  active: boolean;
  attending: { staff_id: string; email: string; since: string } | null;
  closed: { outcome: DeskOutcome; at: string; by: string; note: string } | null;
};

export type DeskTimelineLine = {
  at: string;
  actor: string;
  kind: string;
  /** A check-in's line made with the duress PIN (closed, extended, or the alert it fired then): 'posible coacción'. */
  duress?: boolean;
  /** The desk's own lines: who, and the note or action. */
  staff_email?: string;
  action?: string;
  text?: string;
};

/** A-number and country of birth as the ICE Online Detainee Locator asks for them, then the rest. */
export type DeskDetentionInfo = Record<string, string>;

export type DeskCase = DeskAlertCard & {
  timeline: DeskTimelineLine[];
  detention_info: DeskDetentionInfo | null;
};

export type DeskClient = {
  id: string;
  name: string;
  phone: string;
  active_alert_id: string | null;
  recent_alerts: { id: string; pressed_at: string; active: boolean }[];
};

export type DeskAuditLine = {
  id: number;
  at: string;
  staff_email: string;
  /** 'lookup': an admin asked 'Registro' whether a name or phone was searched. */
  action: 'search' | 'lookup' | 'case-opened' | 'staff-removed';
  /** 'staff-removed': the address of the staff member removed. */
  subject_email: string | null;
  /** What was searched, as a keyed fingerprint: the log never keeps the text (it may name a client). */
  query_hash: string | null;
  /** The case opened, as a keyed fingerprint of its id. */
  alert_ref: string | null;
  /** The case opened, while its alert is kept (not after the retention purge or the client's deletion). */
  alert_id: string | null;
  results: number | null;
};
