import type { Context } from 'hono';
import { apiMessages } from '#shared/messages.ts';
import { fail } from './replies.ts';

/** 429 with Retry-After; `message` says why when there is more to say than "too many". */
export function tooManyRequests(c: Context, retryAfterSeconds: number, message: string = apiMessages.tooManyRequests) {
  c.header('Retry-After', String(retryAfterSeconds));
  return fail(c, 429, message);
}
