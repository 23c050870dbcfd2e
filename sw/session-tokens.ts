import * as v from 'valibot';
import { sessionSchema } from '#shared/api/auth.ts';
import { API_PREFIX, SESSION_REFRESH_LOCK } from '#shared/constants.ts';
import type { SessionState } from '#shared/browser/session-state.ts';

/** The signed-in person as the encrypted store holds them now; '' when nobody is. */
export interface CurrentAccess {
  token: string;
  userId: string;
}

/**
 * - token: a new (or newer) access token.
 * - rejected: no refresh token, or the server refused it; only signing in again helps.
 * - unavailable: no answer, 5xx, 429; try again later, the session may be fine.
 */
export type RefreshResult = { kind: 'token'; token: string } | { kind: 'rejected' } | { kind: 'unavailable' };

export interface TokenSource {
  current(): Promise<CurrentAccess>;
  /** `usedToken` is the token the server refused ('' when there was none). */
  refresh(usedToken: string): Promise<RefreshResult>;
}

export type WithLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

export interface TokenSourceDeps {
  readSession(): Promise<SessionState>;
  writeSession(state: SessionState): Promise<void>;
  withLock: WithLock;
  /** Sends one request; rejects when no reply came (its own timeout included). */
  send(request: Request): Promise<Response>;
  origin: string;
  now(): number;
  /** The worker wrote new tokens: pages must re-read the store before they next write it. */
  onRefreshed(): void;
}

const refreshReplySchema = v.object({ success: v.literal(true), message: sessionSchema });

/**
 * The bearer token for a replay, read from the encrypted session store at the
 * moment of sending, and refreshed the way the page does it
 * (src/client/lib/session/session-refresh.ts): under the shared Web Lock, with
 * the store re-read inside it, since the page may have refreshed already.
 */
export function createTokenSource(deps: TokenSourceDeps): TokenSource {
  return {
    async current() {
      const { auth } = await deps.readSession();
      return { token: auth.access_token, userId: auth.id };
    },
    refresh(usedToken) {
      return deps.withLock(SESSION_REFRESH_LOCK, () => refreshInsideLock(deps, usedToken));
    },
  };
}

async function refreshInsideLock(deps: TokenSourceDeps, usedToken: string): Promise<RefreshResult> {
  const state = await deps.readSession();
  const { auth } = state;
  if (auth.access_token && auth.access_token !== usedToken && isFuture(auth.expires_at, deps.now())) {
    return { kind: 'token', token: auth.access_token };
  }
  if (!auth.refresh_token) return { kind: 'rejected' };

  let reply: Response;
  try {
    reply = await deps.send(
      new Request(`${deps.origin}${API_PREFIX}/refresh`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh_token: auth.refresh_token }),
      }),
    );
  } catch {
    return { kind: 'unavailable' };
  }
  if (reply.status >= 500 || reply.status === 429 || reply.status === 408) return { kind: 'unavailable' };
  if (reply.status !== 200) return { kind: 'rejected' };

  const parsed = v.safeParse(refreshReplySchema, await reply.json().catch(() => undefined));
  // A 200 we cannot read is the network's fault (a proxy page), not the session's.
  if (!parsed.success) return { kind: 'unavailable' };
  const session = parsed.output.message;
  // The same merge as the page's setRefreshedSession, written before the lock is released
  // so the next holder (page or worker) reads the new pair. The stored alert_status stays: the
  // refresh may come before the queued start it is for reaches the server, and a page reopened
  // then must still open on the alert.
  await deps.writeSession({
    ...state,
    auth: {
      ...auth,
      ...session,
      alert_status: auth.alert_status,
      token_type: session.token_type || 'Bearer',
      code: '',
    },
  });
  deps.onRefreshed();
  return { kind: 'token', token: session.access_token };
}

function isFuture(iso: string, now: number): boolean {
  const at = Date.parse(iso);
  return Number.isFinite(at) && at > now;
}
