import type { MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { apiMessages } from '#shared/messages.ts';
import type { FieldErrors } from '#shared/api/envelope.ts';
import { controlCharacterErrors } from '#shared/api/fields.ts';
import { fail, invalid } from './replies.ts';

type AnySchema = v.GenericSchema;

/** valibot's nested flatten, without the undefined entries its type allows. */
export function fieldErrors(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): FieldErrors {
  const nested = v.flatten(issues).nested ?? {};
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(nested)) if (messages) errors[field] = messages;
  return errors;
}

/** `application/json`, with or without parameters such as charset. */
function isJsonType(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * Parse the JSON body with a shared schema, Hono-validator style (`c.req.valid('json')`).
 * Our own rather than hono/validator so that malformed JSON gets our Spanish
 * 400 instead of an exception, and an empty body validates as `{}` (so a missing
 * field gets its "required" message).
 */
export function validateJson<S extends AnySchema>(schema: S): MiddlewareHandler<object, string, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> {
  return async (c, next) => {
    const raw = await c.req.text();
    let body: unknown = {};
    // Only a JSON body is read. A form or text/plain body is what a page elsewhere can
    // make its visitors' browsers send without a CORS preflight; refused unread.
    if (raw !== '' && !isJsonType(c.req.header('content-type'))) return fail(c, 415, apiMessages.notJson);
    if (raw.trim() !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        return fail(c, 400, apiMessages.invalidJson);
      }
    }
    // valibot's object schemas take an array for an object (a PATCH of `[]` would pass as "no changes").
    if (Array.isArray(body)) return invalid(c, apiMessages.invalidData, {});
    // NUL and the other control characters, in any text field of any route, before the schema sees them.
    const hidden = controlCharacterErrors(body);
    if (hidden) return invalid(c, apiMessages.invalidData, hidden);
    // One message per field, the first of its pipe: "required" rather than "required" plus "invalid".
    const result = v.safeParse(schema, body, { abortPipeEarly: true });
    if (!result.success) return invalid(c, apiMessages.invalidData, fieldErrors(result.issues));
    c.req.addValidatedData('json', result.output as object);
    await next();
  };
}
