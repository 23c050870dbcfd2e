import { sendJson } from '#client/lib/http.ts';

/**
 * Revokes the token on the server, best effort: signing out must work offline
 * and with an expired token, so no refresh and no error reach the person.
 */
export async function logout(token: string): Promise<void> {
  if (!token) return;
  try {
    await sendJson({ method: 'POST', path: '/logout', token });
  } catch {
    // Offline or timed out: the token expires on its own.
  }
}
