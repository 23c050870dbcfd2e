import type { Session } from '#shared/api/auth.ts';
import { SESSION_REFRESH_AFTER_MS } from '#shared/constants.ts';
import { isPassingFailure } from '#shared/browser/queued-commands.ts';
import { sendJson } from '../http.ts';
import {
  arrayOf,
  isBoolean,
  isNumber,
  isRecord,
  isString,
  readObject,
  successMessage,
  type Shape,
} from '#shared/plain-data.ts';
import { withSessionLock } from './session-lock.ts';
import {
  getSessionState,
  persistSessionNow,
  readPersistedAuth,
  setAuth,
  setRefreshedSession,
  tokensOf,
} from './session-store.ts';
import { isSessionValid } from './session-validity.ts';

/** sessionSchema of src/shared/api/auth.ts, read with src/shared/plain-data.ts. */
const sessionShape: Shape<Session> = {
  id: isString,
  name: isString,
  firstname: isString,
  lastname: isString,
  phone: isString,
  email: isString,
  alert_status: isBoolean,
  contacts: isNumber,
  access_token: isString,
  refresh_token: isString,
  token_type: isString,
  expires_at: isString,
  issued_at: isString,
  roles: arrayOf(isString),
  permissions: arrayOf(isString),
};

/** The session in a reply's `message`; without a token_type it is 'Bearer', as sessionSchema says. */
export function readSession(message: unknown): Session | undefined {
  if (!isRecord(message)) return undefined;
  return readObject(sessionShape, message.token_type === undefined ? { ...message, token_type: 'Bearer' } : message);
}

/**
 * What a refresh came to: a token to use; refused by the server (only a new sign-in helps); or
 * unavailable (no reply, a 5xx, 429 or 408, a 200 it cannot read: the network's or the server's
 * trouble, not the session's), as the worker's refresh tells them apart (sw/session-tokens.ts).
 */
export type RefreshOutcome = 'refreshed' | 'refused' | 'unavailable';

let inFlight: Promise<RefreshOutcome> | undefined;

/**
 * Trades the refresh token for a new pair. `usedToken` is the access token the
 * caller found wanting: if the session already holds another one (refreshed by
 * this page, another tab or the service worker), that one is used instead.
 * Page and worker serialise on one Web Lock so a refresh token is spent once.
 */
export function refreshSession(usedToken: string): Promise<RefreshOutcome> {
  inFlight ??= withSessionLock(() => refreshInsideLock(usedToken)).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

async function refreshInsideLock(usedToken: string): Promise<RefreshOutcome> {
  const now = Date.now();
  const current = getSessionState().auth;
  if (current.access_token && current.access_token !== usedToken && isSessionValid(current, now)) return 'refreshed';

  // Another tab or the worker writes to IndexedDB, not to this page's memory.
  const stored = await readPersistedAuth();
  if (
    stored.access_token &&
    stored.access_token !== usedToken &&
    isSessionValid(stored, now) &&
    stored.id === current.id
  ) {
    // Only the tokens: this page's alert_status may be newer than what was stored.
    setAuth(tokensOf(stored));
    return 'refreshed';
  }

  const refreshToken = stored.refresh_token || current.refresh_token;
  if (!refreshToken) return 'refused';
  try {
    const reply = await sendJson({ method: 'POST', path: '/refresh', body: { refresh_token: refreshToken } });
    if (reply.status !== 200 && !isPassingFailure(reply.status)) return 'refused';
    const session = readSession(successMessage(reply.data));
    if (reply.status !== 200 || !session) return 'unavailable';
    setRefreshedSession(session);
    // Written before the lock is released, so the next holder reads the new pair.
    await persistSessionNow();
    return 'refreshed';
  } catch {
    return 'unavailable';
  }
}

/** Sessions slide (DESIGN.md section 4): refresh once the token is a day old. */
export function isRefreshDue(now: number = Date.now()): boolean {
  const { access_token, refresh_token, issued_at } = getSessionState().auth;
  if (!access_token || !refresh_token) return false;
  const issuedAt = Date.parse(issued_at);
  return !Number.isFinite(issuedAt) || now - issuedAt >= SESSION_REFRESH_AFTER_MS;
}
