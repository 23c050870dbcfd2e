import * as v from 'valibot';
import { sessionSchema, type Session } from '#shared/api/auth.ts';
import * as apiMessages from '#shared/api-messages.ts';
import { ApiError } from '#client/lib/api-error.ts';

const sessionReplySchema = v.object({ success: v.literal(true), message: sessionSchema });

/** Verify and signup answer with a session: parsed at the boundary, never trusted as is. */
export function parseSessionReply(data: unknown): Session {
  const result = v.safeParse(sessionReplySchema, data);
  if (!result.success) throw new ApiError(200, data, apiMessages.serverError);
  return result.output.message;
}
