import * as v from 'valibot';
import * as m from '../field-messages.ts';
import { coordinate, isTimeZone } from './active-button.ts';
import { pinEntryField } from './pins.ts';

// 'Avísales si no vuelvo': a check-in the server fires by itself when the person
// does not say 'Estoy bien' by the deadline (plus a grace period).

export const CHECK_IN_PURPOSES = ['cita-inmigracion', 'audiencia', 'trabajo', 'viaje', 'otro'] as const;
export type CheckInPurpose = (typeof CHECK_IN_PURPOSES)[number];

/** What the person reads (contacts read the purpose in their own language: src/shared/contact-texts). */
export const CHECK_IN_PURPOSE_LABELS: Record<CheckInPurpose, string> = {
  'cita-inmigracion': 'Cita de inmigración',
  audiencia: 'Audiencia en la corte',
  trabajo: 'Trabajo',
  viaje: 'Viaje',
  otro: 'Otro',
};

export const CHECK_IN_STATUSES = ['running', 'closed', 'fired'] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

/** A deadline is at most this far ahead. */
export const CHECK_IN_MAX_AHEAD_MS = 48 * 60 * 60_000;
export const CHECK_IN_PLACE_MAX_LENGTH = 200;
/** Defaults of CHECK_IN_REMINDER_MINUTES and CHECK_IN_GRACE_MINUTES. */
export const DEFAULT_CHECK_IN_REMINDER_MINUTES = 10;
export const DEFAULT_CHECK_IN_GRACE_MINUTES = 5;

export const checkInMessages = {
  running: 'Ya tienes un aviso en curso.',
  none: 'No tienes un aviso en curso.',
  purposeInvalid: 'Elige para qué sales: cita de inmigración, audiencia, trabajo, viaje u otro.',
  placeTooLong: `El lugar puede tener hasta ${CHECK_IN_PLACE_MAX_LENGTH} caracteres.`,
  dueAtInvalid: 'Elige a qué hora vuelves.',
  dueAtPast: 'La hora de vuelta ya pasó. Elige una hora futura.',
  dueAtTooFar: 'La hora de vuelta puede ser como mucho dentro de 48 horas.',
  actionInvalid: "La acción debe ser 'ok', 'extend' o 'position'.",
  positionRequired: 'Falta la ubicación.',
} as const;

/** The Spanish message when a deadline is not acceptable at `now`, or null. The server asks this too. */
export function dueAtProblem(dueAt: string, now: Date): string | null {
  const due = Date.parse(dueAt);
  if (Number.isNaN(due)) return checkInMessages.dueAtInvalid;
  if (due <= now.getTime()) return checkInMessages.dueAtPast;
  if (due - now.getTime() > CHECK_IN_MAX_AHEAD_MS) return checkInMessages.dueAtTooFar;
  return null;
}

const dueAtField = v.pipe(
  v.optional(v.string(checkInMessages.dueAtInvalid), ''),
  v.trim(),
  v.isoTimestamp(checkInMessages.dueAtInvalid),
);

const timezoneField = v.pipe(
  v.optional(v.string(m.timezoneInvalid), ''),
  v.trim(),
  v.maxLength(64, m.timezoneInvalid),
  v.check((value) => value === '' || isTimeZone(value), m.timezoneInvalid),
);

/** The fields of POST /api/check-ins, one by one: the check-in form validates its own through them. */
export const checkInStartFields = {
  purpose: v.pipe(
    v.optional(v.string(checkInMessages.purposeInvalid), ''),
    v.picklist(CHECK_IN_PURPOSES, checkInMessages.purposeInvalid),
  ),
  place: v.pipe(
    v.optional(v.string(checkInMessages.placeTooLong), ''),
    v.trim(),
    v.maxLength(CHECK_IN_PLACE_MAX_LENGTH, checkInMessages.placeTooLong),
  ),
  due_at: dueAtField,
  /** The phone's IANA time zone: contacts read the deadline in it. */
  timezone: timezoneField,
  latitude: coordinate(90),
  longitude: coordinate(180),
};

/** POST /api/check-ins (with an Idempotency-Key header). */
export const checkInStartSchema = v.pipe(
  v.object(checkInStartFields),
  // Half a position is no position.
  v.forward(
    v.check((input) => (input.latitude === '') === (input.longitude === ''), m.coordinateInvalid),
    ['longitude'],
  ),
);
export type CheckInStartInput = v.InferOutput<typeof checkInStartSchema>;

/** PUT /api/check-ins/current (with an Idempotency-Key header). */
export const checkInUpdateSchema = v.pipe(
  v.object({
    action: v.pipe(
      v.optional(v.string(checkInMessages.actionInvalid), ''),
      v.picklist(['ok', 'extend', 'position'], checkInMessages.actionInvalid),
    ),
    /** 'extend' only: the new deadline. */
    due_at: v.optional(
      v.pipe(v.string(checkInMessages.dueAtInvalid), v.trim(), v.isoTimestamp(checkInMessages.dueAtInvalid)),
    ),
    pin: pinEntryField,
    latitude: coordinate(90),
    longitude: coordinate(180),
  }),
  // Half a position is no position.
  v.forward(
    v.check((input) => (input.latitude === '') === (input.longitude === ''), m.coordinateInvalid),
    ['longitude'],
  ),
  v.forward(
    v.check((input) => input.action !== 'extend' || input.due_at !== undefined, checkInMessages.dueAtInvalid),
    ['due_at'],
  ),
  v.forward(
    v.check((input) => input.action !== 'position' || input.latitude !== '', checkInMessages.positionRequired),
    ['latitude'],
  ),
);
export type CheckInUpdateInput = v.InferOutput<typeof checkInUpdateSchema>;

/** A check-in as the API returns it. */
export const checkInSchema = v.object({
  id: v.string(),
  purpose: v.picklist(CHECK_IN_PURPOSES),
  /** '' when none. */
  place: v.string(),
  due_at: v.string(),
  status: v.picklist(CHECK_IN_STATUSES),
  fired_alert_id: v.nullable(v.string()),
  created_at: v.string(),
  /** When the reminder e-mail goes to the person: due_at minus the reminder minutes. */
  remind_at: v.string(),
});
export type CheckIn = v.InferOutput<typeof checkInSchema>;

/** What an alert fired by a missed check-in says about it (alert deliveries and the 'Lo tengo' page). */
export const alertCheckInSchema = v.object({
  purpose: v.picklist(CHECK_IN_PURPOSES),
  place: v.string(),
  due_at: v.string(),
});
export type AlertCheckIn = v.InferOutput<typeof alertCheckInSchema>;

export const ALERT_TRIGGERS = ['press', 'missed-check-in'] as const;
export type AlertTrigger = (typeof ALERT_TRIGGERS)[number];
