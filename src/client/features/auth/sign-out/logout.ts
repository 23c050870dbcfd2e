import { sendJson } from '#client/lib/http.ts';
import { getSessionState } from '#client/lib/session/session-store.ts';

/**
 * Revokes the token on the server, best effort: signing out must work offline
 * and with an expired token, so no refresh and no error reach the person.
 */
export async function logout(): Promise<void> {
  const token = getSessionState().auth.access_token;
  if (!token) return;
  try {
    await sendJson({ method: 'POST', path: '/logout', token });
  } catch {
    // Offline or timed out: the token expires on its own.
  }
}
