import * as v from 'valibot';
import { emailField, firstnameField, lastnameField, phoneField } from './fields.ts';

/** GET profile. */
export const profileSchema = v.object({
  id: v.string(),
  email: v.string(),
  firstname: v.string(),
  lastname: v.string(),
  phone: v.string(),
  /** The person set a PIN and a duress PIN (src/shared/api/pins.ts). */
  // The server always sends it; optional so that a reply cached before it existed still reads (absent reads as false).
  pins_set: v.optional(v.boolean()),
  /** 'Compartir mis alertas con {FIRM_NAME}' is on, as the person is shown it (src/shared/api/firm-consent.ts). */
  firm_consent: v.optional(v.boolean()),
  /** The firm also gets the 'Si me detienen' information inside an alert, as shown to the person. */
  firm_detention_info: v.optional(v.boolean()),
  /** The person answered the one offer of it after signup, either way. */
  firm_consent_asked: v.optional(v.boolean()),
});
export type Profile = v.InferOutput<typeof profileSchema>;

/**
 * PUT and PATCH profile. The e-mail is shown disabled and may be sent along,
 * but it is the sign-in identity: the server never changes it.
 */
export const profileUpdateSchema = v.object({
  email: v.optional(emailField),
  firstname: firstnameField,
  lastname: lastnameField,
  phone: phoneField,
});
export type ProfileUpdate = v.InferOutput<typeof profileUpdateSchema>;

/**
 * PATCH profile may send only the fields it changes; a field that is sent must
 * still be valid (an empty name is refused as in PUT).
 */
export const profilePatchSchema = v.partial(profileUpdateSchema);
export type ProfilePatch = v.InferOutput<typeof profilePatchSchema>;
