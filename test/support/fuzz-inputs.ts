import fc from 'fast-check';
import type * as v from 'valibot';
import { KINSHIPS } from '#shared/kinship.ts';
import { MAX_BODY_BYTES } from '#shared/constants.ts';

// fast-check arbitraries for API input: for each field of a shared schema, values
// a real client would send (so requests get past validation and reach the
// database) mixed with hostile ones.

/** Strings a person, a broken client or an attacker might send. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\u202eevil',
    'ñandú@ejemplo.com',
    "1' or '1'='1",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '{}',
    'null',
  ),
  // Large, up to beyond the 16 kB body limit.
  fc
    .tuple(fc.constantFrom('a', 'é', '😀', '\u0000', '9'), fc.integer({ min: 100, max: MAX_BODY_BYTES + 1024 }))
    .map(([s, n]) => s.repeat(n)),
);

/** Any JSON value of the wrong kind for a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));

/** Plausible values per field name, the way the app sends them. */
function plausible(field: string, knownEmails: readonly string[]): fc.Arbitrary<unknown> {
  switch (field) {
    case 'email':
      return fc.oneof(
        fc.constantFrom(...knownEmails),
        fc.emailAddress(),
        fc.constantFrom(...knownEmails).map((e) => `  ${e.toUpperCase()} `),
      );
    case 'code':
      return digits(4, 4);
    case 'firstname':
    case 'lastname':
      return fc.string({ unit: 'grapheme', minLength: 1, maxLength: 110 });
    case 'phone':
      return fc.oneof(fc.stringMatching(/^\+[1-9]\d{7,14}$/), fc.constantFrom('+1', '+', '+13055550123'));
    case 'terms':
      return fc.constantFrom(true, 'on', 'true', false, 'false');
    case 'kinship':
      return fc.constantFrom(...KINSHIPS, '', 'Seleccione un parentesco');
    case 'refresh_token':
    case 'token':
      return fc.stringMatching(/^[A-Za-z0-9_-]{20,120}$/);
    case 'alert_status':
      return fc.constantFrom('1', '2', 1, 2, '3', 0);
    case 'latitude':
    case 'longitude':
      return fc.oneof(
        fc.constant(''),
        fc.double({ min: -200, max: 200, noNaN: true }),
        fc.double({ min: -200, max: 200, noNaN: true }).map(String),
        fc.integer({ min: -181, max: 181 }).map(String),
      );
    case 'timezone':
      return fc.constantFrom(
        '',
        'America/Mexico_City',
        'UTC',
        'Europe/Madrid',
        'Etc/GMT+5',
        'Luna/Base',
        'america/new_york',
      );
    case 'pressed_at':
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.constantFrom(
          '2024-02-30T00:00:00Z',
          '0000-01-01T00:00:00Z',
          '9999-12-31T23:59:59Z',
          '2026-03-01T12:00:00+14:00',
          '2026-03-01',
        ),
      );
    default:
      return hostileValue;
  }
}

/** A plausible value with one odd character slipped in: NUL, a lone surrogate, a direction override, a BOM, an emoji. */
function tainted(values: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      values,
      fc.constantFrom('\u0000', '\u0000', '\u0000', '\ud800', '\u202e', '\ufeff', '\u0301', '😀', 'ñ', '\n'),
      fc.nat(),
    )
    .map(([value, odd, at]) =>
      typeof value === 'string'
        ? value.slice(0, at % (value.length + 1)) + odd + value.slice(at % (value.length + 1))
        : value,
    );
}

type ObjectLike = { entries: Record<string, unknown> };

/** The fields of an object schema, also when it sits at the head of a pipe. */
export function fieldsOf(schema: v.GenericSchema): string[] {
  const entries = (schema as Partial<ObjectLike>).entries;
  if (!entries) throw new Error(`schema ${schema.type} has no fields`);
  return Object.keys(entries);
}

/** Objects with the schema's fields, each plausible or hostile or missing, plus stray fields. */
export function objectFor(
  schema: v.GenericSchema,
  knownEmails: readonly string[],
): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of fieldsOf(schema)) {
    model[field] = fc.oneof(
      { weight: 4, arbitrary: plausible(field, knownEmails) },
      { weight: 2, arbitrary: tainted(plausible(field, knownEmails)) },
      { weight: 1, arbitrary: hostileValue },
    );
  }
  const extra = fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 });
  return fc
    .tuple(fc.record(model, { requiredKeys: [] }), fc.option(extra, { freq: 4 }))
    .map(([fields, more]) => ({ ...(more ?? {}), ...fields }));
}

/** Request bodies: well-formed objects, any JSON, text that is not JSON, and truncated JSON. */
export function bodyFor(schema: v.GenericSchema, knownEmails: readonly string[]): fc.Arbitrary<string> {
  const object = objectFor(schema, knownEmails).map((value) => JSON.stringify(value));
  return fc.oneof(
    { weight: 6, arbitrary: object },
    { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: object.chain((text) => fc.nat(Math.max(0, text.length - 1)).map((n) => text.slice(0, n))) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '[]',
        'null',
        '"texto"',
        '123',
        '[{"email":"a@b.co"}]',
        '{"__proto__":{"x":1}}',
        '['.repeat(4000),
        `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
        `{"a":${'{"b":'.repeat(31)}1${'}'.repeat(31)}}`,
      ),
    },
  );
}

/** Path segments: made-up ids and tokens, encoded as a browser would. */
export const pathSegment: fc.Arbitrary<string> = fc
  .oneof(
    fc.uuid(),
    fc.stringMatching(/^[A-Za-z0-9_-]{20,100}$/),
    hostileString.filter((s) => s.length < 3000),
  )
  .map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '')))
  .filter((s) => s.length > 0);

/** Header values that a Headers object accepts (no control characters but tab). */
export const headerValue: fc.Arbitrary<string> = fc
  .oneof(fc.string({ unit: 'binary-ascii', maxLength: 200 }), fc.stringMatching(/^[A-Za-z0-9_-]{1,120}$/))
  .map((s) =>
    [...s]
      .filter((ch) => ch === '\t' || (ch >= ' ' && ch !== '\u007f'))
      .join('')
      .trim(),
  );
