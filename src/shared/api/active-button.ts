import * as v from 'valibot';
import * as m from '../field-messages.ts';
import { ALERT_END, ALERT_PRACTICE, ALERT_START } from '../alert-status.ts';
import { ACCURACY_MAX_METRES } from '../constants.ts';
import { CONTACTS_TOLD } from '../end-news-texts.ts';
import { pinEntryField } from './pins.ts';

// PUT/PATCH /api/active-button (SPEC.md section 7, DESIGN.md section 3).

export {
  ALERT_END,
  ALERT_LATE_AFTER_MS,
  ALERT_POSITION_WINDOW_MS,
  ALERT_PRACTICE,
  ALERT_START,
} from '../alert-status.ts';

/** A coordinate travels as a string; empty means "no position" (SPEC.md section 5). */
export const coordinate = (limit: number) =>
  v.pipe(
    v.optional(v.union([v.string(), v.number()], m.coordinateInvalid), ''),
    v.transform((value) => String(value).trim()),
    v.check(
      (value) => value === '' || (/^-?\d{1,3}(\.\d+)?$/.test(value) && Math.abs(Number(value)) <= limit),
      m.coordinateInvalid,
    ),
  );

/**
 * How far off the position may be, in metres (GeolocationPosition.coords.accuracy), rounded up:
 * the desk never shows it better than the phone said. Optional: older apps do not send it.
 */
export const positionAccuracy = v.optional(
  v.pipe(
    v.number(m.accuracyInvalid),
    v.finite(m.accuracyInvalid),
    v.minValue(0, m.accuracyInvalid),
    v.maxValue(ACCURACY_MAX_METRES, m.accuracyInvalid),
    v.transform(Math.ceil),
  ),
);

const EARLIEST_PRESS = Date.UTC(2000, 0, 1);

// Zones found valid: asking Intl costs about a millisecond, and every SOS names one.
// Capped, since Intl also takes the same zone in any mix of upper and lower case.
const knownTimeZones = new Set<string>();
const KNOWN_TIME_ZONES_MAX = 1000;

export function isTimeZone(value: string): boolean {
  if (knownTimeZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('es', { timeZone: value });
    if (knownTimeZones.size < KNOWN_TIME_ZONES_MAX) knownTimeZones.add(value);
    return true;
  } catch {
    return false;
  }
}

export const activeButtonSchema = v.pipe(
  v.object({
    // Missing reads as '' so that it gets the same Spanish message as a wrong value.
    alert_status: v.pipe(
      v.optional(v.union([v.string(), v.number()], m.alertStatusInvalid), ''),
      v.transform(String),
      v.picklist([ALERT_START, ALERT_END, ALERT_PRACTICE], m.alertStatusInvalid),
    ),
    latitude: coordinate(90),
    longitude: coordinate(180),
    accuracy: positionAccuracy,
    /** The phone's IANA time zone; contacts read the time in it. */
    timezone: v.pipe(
      v.optional(v.string(m.timezoneInvalid), ''),
      v.trim(),
      v.maxLength(64, m.timezoneInvalid),
      v.check((value) => value === '' || isTimeZone(value), m.timezoneInvalid),
    ),
    /**
     * When the button was pressed, on the phone's clock (the request may arrive much
     * later). A clock before 2000 is a broken clock (year 0 would not even fit the
     * database): that time is dropped, never the SOS, and the server's time is used.
     */
    pressed_at: v.optional(
      v.pipe(
        v.string(m.pressedAtInvalid),
        v.isoTimestamp(m.pressedAtInvalid),
        v.transform((value) => (Date.parse(value) >= EARLIEST_PRESS ? value : undefined)),
      ),
    ),
    /** Ending ('2') when the person set PINs: the PIN or the duress PIN (src/shared/api/pins.ts). */
    pin: pinEntryField,
  }),
  // Half a position is no position.
  v.forward(
    v.check((input) => (input.latitude === '') === (input.longitude === ''), m.coordinateInvalid),
    ['longitude'],
  ),
);
export type ActiveButtonInput = v.InferOutput<typeof activeButtonSchema>;

/**
 * The reply: where the alert stands now (and, for a practice '3', which test it started; for an
 * end '2', whether the alert had left for the contacts: src/shared/end-news-texts.ts).
 */
export const activeButtonReplySchema = v.object({
  alert_status: v.boolean(),
  alert_id: v.nullable(v.string()),
  practice_id: v.optional(v.nullable(v.string())),
  contacts_told: v.optional(v.picklist(CONTACTS_TOLD)),
});
export type ActiveButtonReply = v.InferOutput<typeof activeButtonReplySchema>;

/**
 * POST /api/end-news/seen: the app showed the person what an end told them (the end's reply, or
 * the status's `end_news`), so the status no longer carries it (docs/decisions/051).
 */
export const endNewsSeenSchema = v.object({
  alert_id: v.pipe(v.optional(v.string(m.alertIdInvalid), ''), v.uuid(m.alertIdInvalid)),
});
export type EndNewsSeenInput = v.InferOutput<typeof endNewsSeenSchema>;
