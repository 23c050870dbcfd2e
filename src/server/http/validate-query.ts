import type { MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { apiMessages } from '#shared/messages.ts';
import { invalid } from './replies.ts';
import { fieldErrors } from './validate-json.ts';

type AnySchema = v.GenericSchema;

/**
 * Parse the query string with a shared schema (`c.req.valid('query')`). A name
 * given twice counts once, with its first value; names the schema does not know
 * are ignored. Bad values are a 422 with field errors, like a bad body.
 */
export function validateQuery<S extends AnySchema>(
  schema: S,
): MiddlewareHandler<object, string, { in: { query: Record<string, string | string[]> }; out: { query: v.InferOutput<S> } }> {
  return async (c, next) => {
    const result = v.safeParse(schema, c.req.query(), { abortPipeEarly: true });
    if (!result.success) return invalid(c, apiMessages.invalidData, fieldErrors(result.issues));
    c.req.addValidatedData('query', result.output as object);
    await next();
  };
}
