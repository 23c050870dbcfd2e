import type { Context, MiddlewareHandler } from 'hono';
import { vValidator } from '@hono/valibot-validator';
import * as v from 'valibot';
import { apiMessages } from '#shared/messages.ts';
import type { FieldErrors } from '#shared/api/envelope.ts';
import { controlCharacterErrors } from '#shared/api/fields.ts';
import { fail, invalid } from './replies.ts';

// Request validation with @hono/valibot-validator (`c.req.valid('json')`, `c.req.valid('query')`),
// answered with our 422 envelope (DESIGN.md section 4) instead of the library's 400.

type AnySchema = v.GenericSchema;
type Outcome = { success: true } | { success: false; issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]] };

/** valibot's nested flatten, without the undefined entries its type allows. */
function fieldErrors(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): FieldErrors {
  const nested = v.flatten(issues).nested ?? {};
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(nested)) if (messages) errors[field] = messages;
  return errors;
}

/** The one hook of every validator: a failed parse is our 422 with the Spanish message of each field. */
function answerInvalid(result: Outcome, c: Context): Response | undefined {
  if (!result.success) return invalid(c, apiMessages.invalidData, fieldErrors(result.issues));
}

/** One message per field, the first of its pipe: "required" rather than "required" plus "invalid". */
function firstIssueOnly<S extends AnySchema>(schema: S): S {
  return v.config(schema, { abortPipeEarly: true });
}

/**
 * Deeper than any body a route takes (a passkey ceremony's answer, the deepest, nests a few levels).
 * A body nested thousands deep would overflow the stack of any recursive step after the parse.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether objects and arrays nest deeper than `limit` in `value`; walked without recursion. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [inner, depth] = next;
    if (typeof inner !== 'object' || inner === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(inner)) pending.push([child, depth + 1]);
  }
  return false;
}

/** `application/json`, with or without parameters such as charset. */
function isJsonType(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * Reads the body before the validator does, for the answers Hono's validator would give
 * otherwise: a body that is not JSON is refused unread (415) instead of validating as `{}`,
 * malformed JSON is our Spanish 400 instead of an exception, and an empty body validates as `{}`
 * (so a missing field gets its "required" message) even when it says it is JSON.
 * The validator's `c.req.json()` parses the request's cached text, so that text becomes the body read here.
 */
async function readJsonBody(c: Context): Promise<Response | undefined> {
  const raw = await c.req.text();
  let body: unknown = {};
  // A form or text/plain body is what a page elsewhere can make its visitors' browsers send
  // without a CORS preflight.
  if (raw !== '' && !isJsonType(c.req.header('content-type'))) return fail(c, 415, apiMessages.notJson);
  if (raw.trim() !== '') {
    try {
      body = JSON.parse(raw);
    } catch {
      return fail(c, 400, apiMessages.invalidJson);
    }
  }
  // valibot's object schemas take an array for an object (a PATCH of `[]` would pass as "no changes").
  if (Array.isArray(body) || nestsDeeperThan(body, MAX_JSON_DEPTH)) return invalid(c, apiMessages.invalidData, {});
  // NUL and the other control characters, in any text field of any route, before the schema sees them.
  const hidden = controlCharacterErrors(body);
  if (hidden) return invalid(c, apiMessages.invalidData, hidden);
  // Hono keeps promises in its body cache, whatever its type says.
  Object.assign(c.req.bodyCache, { text: Promise.resolve(JSON.stringify(body)) });
}

/** Validates the JSON body with a shared schema. */
export function validateJson<S extends AnySchema>(
  schema: S,
): MiddlewareHandler<object, string, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> {
  const validate = vValidator('json', firstIssueOnly(schema), answerInvalid);
  return async (c, next) => (await readJsonBody(c)) ?? (await validate(c as Context, next));
}

/** A name given twice counts once, with its first value (Hono's validator gives both, as a list). */
const firstValues = v.transform((query: unknown) =>
  Object.fromEntries(
    Object.entries(query as Record<string, string | string[]>).map(([name, value]) => [
      name,
      Array.isArray(value) ? value[0] : value,
    ]),
  ),
);

/**
 * Validates the query string with a shared schema. Names the schema does not know are ignored.
 * Bad values are a 422 with field errors, like a bad body; so is a control character in any value,
 * as in a body, before the schema sees it.
 */
export function validateQuery<S extends AnySchema>(
  schema: S,
): MiddlewareHandler<object, string, { in: { query: v.InferInput<S> }; out: { query: v.InferOutput<S> } }> {
  const validate = vValidator('query', v.pipe(v.unknown(), firstValues, firstIssueOnly(schema)), answerInvalid);
  return async (c, next) => {
    const hidden = controlCharacterErrors(c.req.queries());
    if (hidden) return invalid(c, apiMessages.invalidData, hidden);
    return validate(c as Context, next);
  };
}
