import * as v from 'valibot';
import { codeField } from './fields.ts';

// The optional PINs: one ends an alert or closes a check-in, the duress PIN looks
// exactly the same to whoever watches the screen, but the alert goes on (or the
// check-in fires at once). Nothing is ever deleted by either PIN.

export const PIN_LENGTH = 4;

export const pinMessages = {
  pinRequired: 'Escribe tu PIN.',
  pinWrong: 'PIN incorrecto.',
  pinFormat: 'El PIN tiene 4 números.',
  duressFormat: 'El PIN de emergencia tiene 4 números.',
  pinsEqual: 'El PIN y el PIN de emergencia deben ser distintos.',
  currentRequired: 'Escribe tu PIN actual.',
  tooManyAttempts: 'Demasiados intentos con un PIN incorrecto. Espera 15 minutos y vuelve a intentarlo.',
  saved: 'PIN guardados.',
  deleted: 'PIN borrados.',
  codeSent: 'Te enviamos un código a tu correo para borrar tus PIN.',
  codeWrong: 'El código no es correcto o ya caducó.',
  notSet: 'No tienes PIN.',
  /** An action that would silence the contacts, asked for during an alert or a check-in with no PIN to prove who asks. */
  alertActive: 'No puedes hacer esto mientras tu alerta está activa.',
  checkInActive: 'No puedes hacer esto mientras tu aviso «Avísales si no vuelvo» está en curso.',
} as const;

/**
 * Why an action asks for the PIN, named for what the person is shown on: sent by the
 * seized-phone guard beside its refusal (`notice`), shown by the phone's PIN prompt.
 */
export const pinGuardHints = {
  alert: 'Tu alerta está activa: para esto hace falta tu PIN.',
  'check-in': 'Tu aviso «Avísales si no vuelvo» está en curso: para esto hace falta tu PIN.',
} as const;

/**
 * The header that carries the PIN for an action that would reduce who is told,
 * what they are told, or the owner's access while an alert or a check-in is on
 * (src/server/pins/seized-phone-guard.ts). A header, not a body field: some
 * of those routes (DELETE) have no body, and one name serves them all.
 */
export const PIN_HEADER = 'x-pin';

const PIN = new RegExp(`^\\d{${PIN_LENGTH}}$`);

/** A PIN typed to end an alert or close a check-in: absent, or anything (a wrong shape is a wrong PIN). */
export const pinEntryField = v.optional(
  v.pipe(
    v.union([v.string(), v.number()], pinMessages.pinWrong),
    v.transform((value) => String(value).trim()),
    v.maxLength(20, pinMessages.pinWrong),
  ),
);

const newPin = (message: string) => v.pipe(v.optional(v.string(message), ''), v.trim(), v.regex(PIN, message));

/** PUT /api/profile/pins: both PINs, and the current PIN when PINs are already set. */
export const pinsSetSchema = v.pipe(
  v.object({
    pin: newPin(pinMessages.pinFormat),
    duress_pin: newPin(pinMessages.duressFormat),
    current_pin: pinEntryField,
  }),
  v.forward(
    v.check((input) => input.pin !== input.duress_pin, pinMessages.pinsEqual),
    ['duress_pin'],
  ),
);

/** The profile's 'Cambiar mis PIN' form: PUT /api/profile/pins's rules, the current PIN required. */
export const pinsChangeSchema = v.pipe(
  v.object({
    pin: newPin(pinMessages.pinFormat),
    duress_pin: newPin(pinMessages.duressFormat),
    current_pin: v.pipe(
      v.optional(v.string(pinMessages.currentRequired), ''),
      v.trim(),
      v.nonEmpty(pinMessages.currentRequired),
    ),
  }),
  v.forward(
    v.check((input) => input.pin !== input.duress_pin, pinMessages.pinsEqual),
    ['duress_pin'],
  ),
);
export type PinsSetInput = v.InferOutput<typeof pinsSetSchema>;

/** DELETE /api/profile/pins: the real PIN (the duress PIN deletes nothing). */
export const pinsDeleteSchema = v.object({
  pin: v.pipe(
    v.optional(v.string(pinMessages.pinRequired), ''),
    v.trim(),
    v.nonEmpty(pinMessages.pinRequired),
    v.maxLength(20, pinMessages.pinWrong),
  ),
});
export type PinsDeleteInput = v.InferOutput<typeof pinsDeleteSchema>;

/** POST /api/profile/pins/reset: the code e-mailed by POST /api/profile/pins/forgot. */
export const pinsResetSchema = v.object({ code: codeField });
export type PinsResetInput = v.InferOutput<typeof pinsResetSchema>;
