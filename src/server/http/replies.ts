import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldErrors } from '#shared/api/envelope.ts';

// The envelope of DESIGN.md section 4, in one place.

export function ok<T>(c: Context, message: T, status: ContentfulStatusCode = 200) {
  return c.json({ success: true as const, message }, status);
}

export function fail(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json({ success: false as const, message }, status);
}

export function invalid(c: Context, message: string, errors: FieldErrors) {
  return c.json({ success: false as const, message, errors }, 422);
}
