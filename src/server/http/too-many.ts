import type { Context } from 'hono';
import { apiMessages } from '#shared/messages.ts';
import { fail } from './replies.ts';

export function tooManyRequests(c: Context, retryAfterSeconds: number) {
  c.header('Retry-After', String(retryAfterSeconds));
  return fail(c, 429, apiMessages.tooManyRequests);
}
