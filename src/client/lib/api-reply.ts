import * as v from 'valibot';
import * as apiMessages from '#shared/api-messages.ts';
import { ApiError } from './api-error.ts';

/**
 * The `message` of a successful reply, checked against its shared schema: a reply
 * of the wrong shape (another server version, a proxy page) is an error, never
 * data on screen.
 */
export function parseMessage<TSchema extends v.GenericSchema>(schema: TSchema, data: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(v.object({ success: v.literal(true), message: schema }), data);
  if (!result.success) throw new ApiError(200, data, apiMessages.serverError);
  return result.output.message;
}
