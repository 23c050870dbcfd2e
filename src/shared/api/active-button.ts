import * as v from 'valibot';
import * as m from '../field-messages.ts';
import { ALERT_END, ALERT_START } from './alert-status.ts';

// PUT/PATCH /api/active-button (SPEC.md section 7, DESIGN.md section 3).

export { ALERT_END, ALERT_LATE_AFTER_MS, ALERT_POSITION_WINDOW_MS, ALERT_START } from './alert-status.ts';

/** A coordinate travels as a string; empty means "no position" (SPEC.md section 5). */
const coordinate = (limit: number) =>
  v.pipe(
    v.optional(v.union([v.string(), v.number()]), ''),
    v.transform((value) => String(value).trim()),
    v.check((value) => value === '' || (/^-?\d{1,3}(\.\d+)?$/.test(value) && Math.abs(Number(value)) <= limit), m.coordinateInvalid),
  );

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('es', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const activeButtonSchema = v.pipe(
  v.object({
    alert_status: v.pipe(
      v.union([v.string(), v.number()], m.alertStatusInvalid),
      v.transform(String),
      v.picklist([ALERT_START, ALERT_END], m.alertStatusInvalid),
    ),
    latitude: coordinate(90),
    longitude: coordinate(180),
    /** The phone's IANA time zone; contacts read the time in it. */
    timezone: v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      v.maxLength(64, m.timezoneInvalid),
      v.check((value) => value === '' || isTimeZone(value), m.timezoneInvalid),
    ),
    /** When the button was pressed, on the phone's clock (the request may arrive much later). */
    pressed_at: v.optional(v.pipe(v.string(), v.isoTimestamp(m.pressedAtInvalid))),
  }),
  // Half a position is no position.
  v.forward(
    v.check((input) => (input.latitude === '') === (input.longitude === ''), m.coordinateInvalid),
    ['longitude'],
  ),
);
export type ActiveButtonInput = v.InferOutput<typeof activeButtonSchema>;

/** The reply: where the alert stands now. */
export const activeButtonReplySchema = v.object({
  alert_status: v.boolean(),
  alert_id: v.nullable(v.string()),
});
export type ActiveButtonReply = v.InferOutput<typeof activeButtonReplySchema>;
