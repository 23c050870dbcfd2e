import * as v from 'valibot';
import { sessionSchema } from '#shared/api/auth.ts';
import { SESSION_REFRESH_AFTER_MS } from '#shared/constants.ts';
import { sendJson } from '../http.ts';
import { withSessionLock } from './session-lock.ts';
import { getSessionState, persistSessionNow, readPersistedAuth, setAuth, setSession, tokensOf } from './session-store.ts';
import { isSessionValid } from './session-validity.ts';

const replySchema = v.object({ success: v.literal(true), message: sessionSchema });

let inFlight: Promise<boolean> | undefined;

/**
 * Trades the refresh token for a new pair. `usedToken` is the access token the
 * caller found wanting: if the session already holds another one (refreshed by
 * this page, another tab or the service worker), that one is used instead.
 * Page and worker serialise on one Web Lock so a refresh token is spent once.
 */
export function refreshSession(usedToken: string): Promise<boolean> {
  inFlight ??= withSessionLock(() => refreshInsideLock(usedToken)).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

async function refreshInsideLock(usedToken: string): Promise<boolean> {
  const now = Date.now();
  const current = getSessionState().auth;
  if (current.access_token && current.access_token !== usedToken && isSessionValid(current, now)) return true;

  // Another tab or the worker writes to IndexedDB, not to this page's memory.
  const stored = await readPersistedAuth();
  if (stored.access_token && stored.access_token !== usedToken && isSessionValid(stored, now) && stored.id === current.id) {
    // Only the tokens: this page's alert_status may be newer than what was stored.
    setAuth(tokensOf(stored));
    return true;
  }

  const refreshToken = stored.refresh_token || current.refresh_token;
  if (!refreshToken) return false;
  try {
    const reply = await sendJson({ method: 'POST', path: '/refresh', body: { refresh_token: refreshToken } });
    const parsed = v.safeParse(replySchema, reply.data);
    if (reply.status !== 200 || !parsed.success) return false;
    setSession(parsed.output.message);
    // Written before the lock is released, so the next holder reads the new pair.
    await persistSessionNow();
    return true;
  } catch {
    return false;
  }
}

/** Sessions slide (DESIGN.md section 4): refresh once the token is a day old. */
export function isRefreshDue(now: number = Date.now()): boolean {
  const { access_token, refresh_token, issued_at } = getSessionState().auth;
  if (!access_token || !refresh_token) return false;
  const issuedAt = Date.parse(issued_at);
  return !Number.isFinite(issuedAt) || now - issuedAt >= SESSION_REFRESH_AFTER_MS;
}
