import * as v from 'valibot';
import * as m from '../field-messages.ts';
import { codeField, digitField, emailField, firstnameField, lastnameField, phoneField, termsField } from './fields.ts';

export const signinSchema = v.object({ email: emailField });
export type SigninInput = v.InferOutput<typeof signinSchema>;

export const resendCodeSchema = signinSchema;

export const verifySchema = v.object({ email: emailField, code: codeField });
export type VerifyInput = v.InferOutput<typeof verifySchema>;

/** The four boxes of the verify screen. */
export const codeDigitsSchema = v.object({
  d0: digitField,
  d1: digitField,
  d2: digitField,
  d3: digitField,
});

export const profileFieldsSchema = v.object({
  firstname: firstnameField,
  lastname: lastnameField,
  phone: phoneField,
});

export const signupFormSchema = v.object({
  ...profileFieldsSchema.entries,
  terms: termsField,
});

export const signupSchema = v.object({
  email: emailField,
  code: codeField,
  ...signupFormSchema.entries,
});
export type SignupInput = v.InferOutput<typeof signupSchema>;

export const refreshSchema = v.object({
  refresh_token: v.pipe(
    v.optional(v.string(m.refreshTokenInvalid), ''),
    v.nonEmpty(m.refreshTokenInvalid),
    v.maxLength(200, m.refreshTokenInvalid),
  ),
});

/** The session object that verify, signup and refresh return. */
export const sessionSchema = v.object({
  id: v.string(),
  name: v.string(),
  firstname: v.string(),
  lastname: v.string(),
  phone: v.string(),
  email: v.string(),
  alert_status: v.boolean(),
  contacts: v.number(),
  access_token: v.string(),
  refresh_token: v.string(),
  token_type: v.optional(v.string(), 'Bearer'),
  /** ISO 8601 */
  expires_at: v.string(),
  /** When the access token was issued (ISO 8601); the client refreshes once it is a day old. */
  issued_at: v.string(),
  /** ['person'] for a client of the firm (src/shared/api/staff.ts); the desk's staff have their own sessions. */
  roles: v.array(v.string()),
  /** ['view'] for a person; 'desk' and 'desk:admin' are the staff's. */
  permissions: v.array(v.string()),
});
export type Session = v.InferOutput<typeof sessionSchema>;
