import * as v from 'valibot';
import * as m from '../field-messages.ts';
import { LANGUAGES } from '../language.ts';
import {
  emailField,
  firstnameField,
  kinshipField,
  languageField,
  lastnameField,
  linkTokenField,
  phoneField,
} from './fields.ts';

/** POST contacts: the add-contact and first-contact forms send exactly this. */
export const contactInputSchema = v.object({
  firstname: firstnameField,
  lastname: lastnameField,
  email: emailField,
  phone: phoneField,
  kinship: kinshipField,
  language: languageField,
});
export type ContactInput = v.InferOutput<typeof contactInputSchema>;

/** PATCH or PUT contacts/{id}: the one thing the person changes on a contact's detail screen. */
export const contactLanguageSchema = v.object({
  // Missing counts as wrong, with the same message (not valibot's English "Invalid key").
  language: v.pipe(v.optional(v.string(m.languageInvalid), ''), v.picklist(LANGUAGES, m.languageInvalid)),
});
export type ContactLanguageInput = v.InferOutput<typeof contactLanguageSchema>;

export const receivesDetentionInfoInvalid = 'Elige si recibe tu información de detención: true o false.';

/** PATCH contacts/{id}: the language, whether the contact gets the detention information, or both. */
export const contactPatchSchema = v.pipe(
  v.object({
    language: v.optional(v.picklist(LANGUAGES, m.languageInvalid)),
    receives_detention_info: v.optional(v.boolean(receivesDetentionInfoInvalid)),
  }),
  // Nothing to change reads as a missing language, as before the choice existed.
  v.forward(
    v.check((input) => input.language !== undefined || input.receives_detention_info !== undefined, m.languageInvalid),
    ['language'],
  ),
);
export type ContactPatchInput = v.InferOutput<typeof contactPatchSchema>;

/**
 * A contact as the API returns it (SPEC.md section 3). `email_verified_at` is
 * null until the contact accepts; `unsubscribed_at` is set once they opted out
 * of this user's e-mails; `invitation_pending_until` is set while the invitation
 * waits for the invitation limits, and says when it leaves by itself.
 */
export const contactSchema = v.object({
  id: v.string(),
  firstname: v.string(),
  lastname: v.string(),
  email: v.string(),
  phone: v.string(),
  kinship: v.string(),
  /** The language of the contact's e-mails and pages. */
  language: v.picklist(LANGUAGES),
  email_verified_at: v.nullable(v.string()),
  unsubscribed_at: v.nullable(v.string()),
  invitation_pending_until: v.nullable(v.string()),
  created_at: v.string(),
  /** Phones of the contact with alert notifications on (Web Push); 0 when none. */
  push_phones: v.number(),
  /** 'Enviarle mi información «Si me detienen» cuando haya una alerta': only then do the person's alert e-mails carry it. */
  // The server always sends it; optional so that a reply cached before it existed still reads (absent reads as false).
  receives_detention_info: v.optional(v.boolean()),
});
export type Contact = v.InferOutput<typeof contactSchema>;

export const contactListSchema = v.array(contactSchema);

/** SPEC.md section 7's paged list parameters, as query strings. */
export const contactListQuerySchema = v.object({
  _page: v.optional(
    v.pipe(v.string(m.pageInvalid), v.toNumber(m.pageInvalid), v.integer(m.pageInvalid), v.minValue(1, m.pageInvalid)),
  ),
  _limit: v.optional(
    v.pipe(
      v.string(m.limitInvalid),
      v.toNumber(m.limitInvalid),
      v.integer(m.limitInvalid),
      v.minValue(1, m.limitInvalid),
      v.maxValue(100, m.limitInvalid),
    ),
  ),
  _sort: v.optional(v.picklist(['firstname', 'lastname', 'email', 'created_at'], m.sortInvalid)),
  _order: v.optional(v.picklist(['asc', 'desc'], m.orderInvalid)),
});

/** POST unsubscribe and the token in a confirmation link. */
export const linkTokenSchema = v.object({ token: linkTokenField });

/** GET link-person/{token}: who added the contact a link belongs to, and whether that contact already accepted. */
export const linkPersonSchema = v.object({ name: v.string(), accepted: v.boolean() });
export type LinkPerson = v.InferOutput<typeof linkPersonSchema>;

/** PUT contact-language: the language a contact picked on a page their e-mail opened, with that page's token. */
export const contactLanguageByLinkSchema = v.object({
  token: linkTokenField,
  language: v.pipe(v.optional(v.string(m.languageInvalid), ''), v.picklist(LANGUAGES, m.languageInvalid)),
});
