import * as v from 'valibot';
import { CODE_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../constants.ts';
import { KINSHIPS } from '../kinship.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../language.ts';
import * as m from '../field-messages.ts';

// What counts as an e-mail address here: one bare mailbox, nothing a mail library
// could read as a display name, a list, a group or a comment. Mail libraries
// (nodemailer's address parser among them) read `N<a@x>` as a@x, `a,b@x` as b@x
// and `a(c)b@x` as b@x, so an address that only looks like one string could be
// counted as one mailbox and delivered to another. The API's e-mail field and the
// mail transport both ask this one question.

// RFC 5322 atext, with letters and digits of any script for internationalised addresses.
const ATOM = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?';

/** local@domain: a dot-atom, one `@`, at least two domain labels. */
export const BARE_ADDRESS = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`, 'u');

/** Characters that make a mail library see something other than one bare address (or none at all). */
export const NOT_IN_A_BARE_ADDRESS = /[<>,;:"()[\]\\\s\p{C}]/u;

export function isBareAddress(value: string): boolean {
  return BARE_ADDRESS.test(value);
}

// Letters of two scripts in one part of an address ('аlice' with a Cyrillic 'а') are
// how a look-alike address passes for another: each part (the local part, each
// domain label) keeps to one script. Han, Hiragana and Katakana write one language together.
const SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Japanese', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
];
const scriptOf = (letter: string) => SCRIPTS.find(([, pattern]) => pattern.test(letter))?.[0] ?? 'Other';

/** Whether every part of the address (local part, each domain label) keeps its letters to one script. */
export function singleScriptParts(address: string): boolean {
  return address
    .split(/[@.]/)
    .every((part) => new Set([...part].filter((char) => /\p{L}/u.test(char)).map(scriptOf)).size <= 1);
}

/**
 * Control characters (NUL and the like) in a text: never typed, never shown, and
 * PostgreSQL cannot even store NUL. Tabs and line breaks are text.
 */
// eslint-disable-next-line no-control-regex -- the very characters this refuses
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Every string in a request body that holds a control character, as field errors
 * (by top-level field): the one check every route's text fields go through
 * (src/server/http/validate.ts), whatever its schema says of the field.
 */
export function controlCharacterErrors(body: unknown): Record<string, string[]> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const holds = (value: unknown): boolean =>
    typeof value === 'string'
      ? CONTROL_CHARACTER.test(value)
      : typeof value === 'object' &&
        value !== null &&
        Object.entries(value).some(([key, inner]) => CONTROL_CHARACTER.test(key) || holds(inner));
  const fields = Object.entries(body).filter(([key, value]) => CONTROL_CHARACTER.test(key) || holds(value));
  if (fields.length === 0) return undefined;
  return Object.fromEntries(
    fields.map(([key]) => [key.replace(new RegExp(CONTROL_CHARACTER.source, 'g'), ''), [m.controlCharacters]]),
  );
}

// Field schemas normalise once: every form and every route uses these.

// A missing value and an empty string get the same "required" message.
const requiredString = (message: string) => v.pipe(v.optional(v.string(message), ''), v.trim(), v.nonEmpty(message));

export const emailField = v.pipe(
  requiredString(m.emailRequired),
  v.toLowerCase(),
  v.maxLength(EMAIL_MAX_LENGTH, m.emailTooLong),
  // A name, a list or brackets around the address get their own message: the
  // person pasted more than the address, and should know what to take out.
  v.check((value: string) => !NOT_IN_A_BARE_ADDRESS.test(value), m.emailNotBare),
  // The simple shape SPEC.md asks for (something@something.tld), as one bare mailbox.
  v.check(isBareAddress, m.emailInvalid),
  v.check(singleScriptParts, m.emailMixedScripts),
);

// A name is a name (it goes into the subjects of e-mails to other people): letters
// of any script with their combining marks, spaces between words, apostrophes,
// hyphens, and periods that end an abbreviation ("J. R."). A period straight
// before a letter is refused, so no "ejemplo.com" fits; digits, `@`, slashes and
// other symbols are refused outright. NUL cannot even be stored by PostgreSQL.
const NAME = /^[\p{L}\p{M}'’ʼ‐-]+(?:\.? [\p{L}\p{M}'’ʼ‐-]+)*\.?$/u;
const LETTER = /\p{L}/u;
const isName = (value: string) => NAME.test(value) && LETTER.test(value);

const nameField = (required: string) =>
  v.pipe(
    requiredString(required),
    // Two spaces typed between words are one.
    v.transform((value: string) => value.replace(/ {2,}/g, ' ')),
    v.maxLength(NAME_MAX_LENGTH, m.nameTooLong),
    v.check(isName, m.nameInvalid),
  );

export const firstnameField = nameField(m.firstnameRequired);

export const lastnameField = nameField(m.lastnameRequired);

/** E.164 with at most 15 digits. The phone input emits the dial code alone (`+1`) when empty. */
export const phoneField = v.pipe(
  v.optional(v.string(m.phoneRequired), ''),
  v.trim(),
  v.transform((value) => (/^\+\d{0,4}$/.test(value) ? '' : value)),
  v.nonEmpty(m.phoneRequired),
  v.regex(/^\+[1-9]\d{7,14}$/, m.phoneInvalid),
);

export const codeField = v.pipe(
  requiredString(m.fieldRequired),
  v.regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), m.codeInvalid),
);

/** One box of the code form: a single digit. */
export const digitField = v.pipe(requiredString(m.fieldRequired), v.regex(/^\d$/, m.digit));

/** A checkbox arrives as 'on' from a form and as `true` from JSON. */
export const termsField = v.pipe(
  v.optional(v.union([v.boolean(), v.string()], m.termsRequired), false),
  v.transform((value) => value === true || value === 'on' || value === 'true'),
  v.literal(true, m.termsRequired),
);

/** One of the 36 kinship options; the empty placeholder counts as missing. */
export const kinshipField = v.pipe(requiredString(m.kinshipRequired), v.picklist(KINSHIPS, m.kinshipRequired));

/** A token from an e-mailed link: base64url, as the server makes them. */
export const linkTokenField = v.pipe(
  requiredString(m.fieldRequired),
  v.regex(/^[A-Za-z0-9_-]{20,100}$/, m.linkInvalid),
);

/** The language of a contact's e-mails and pages (LANGUAGES); 'es' when absent. */
export const languageField = v.optional(v.picklist(LANGUAGES, m.languageInvalid), DEFAULT_LANGUAGE);
