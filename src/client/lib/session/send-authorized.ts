import { noReplyError, sendJson, type HttpReply, type HttpRequest } from '../http.ts';
import { refreshSession } from './session-refresh.ts';
import { getSessionState } from './session-store.ts';

/**
 * A call with the session's access token. A 401 gets one refresh of the session
 * and one resend with the new token; what to do with a 401 that remains is the
 * caller's (apiRequest ends the session, an SOS goes to the worker's queue first).
 * A refresh the server could not answer (no reply, 5xx, 429) says nothing of the
 * session: the call fails as if no reply had come, and the session stays.
 */
export async function sendAuthorized(request: Omit<HttpRequest, 'token'>): Promise<HttpReply> {
  const token = getSessionState().auth.access_token;
  const reply = await sendJson({ ...request, token });
  if (reply.status !== 401 || !token) return reply;
  const refresh = await refreshSession(token);
  if (refresh === 'unavailable') throw noReplyError();
  return refresh === 'refreshed' ? sendJson({ ...request, token: getSessionState().auth.access_token }) : reply;
}
