import type { AuthState } from '#shared/browser/session-state.ts';

/** SPEC.md section 4: a token is present and expires_at is a valid date in the future. */
export function isSessionValid(
  auth: Pick<AuthState, 'access_token' | 'expires_at'>,
  now: number = Date.now(),
): boolean {
  if (!auth.access_token) return false;
  const expiresAt = Date.parse(auth.expires_at);
  return Number.isFinite(expiresAt) && expiresAt > now;
}
