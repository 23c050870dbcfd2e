import { defaultSessionState, type AuthState } from '#shared/browser/session-state.ts';
import { readStoredSession, writeStoredSession } from '#shared/browser/stored-session.ts';
import type { WithLock } from '#sw/session-tokens.ts';

const DAY_MS = 24 * 60 * 60_000;

/** The page's encrypted session store, as a signed-in page would have written it. */
export async function storeSession(auth: Partial<AuthState> = {}): Promise<void> {
  const state = defaultSessionState();
  await writeStoredSession({
    ...state,
    auth: {
      ...state.auth,
      id: 'u1',
      email: 'ana@example.com',
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      expires_at: new Date(Date.now() + 90 * DAY_MS).toISOString(),
      issued_at: new Date().toISOString(),
      permissions: ['view'],
      ...auth,
    },
  });
}

export async function storedAuth(): Promise<AuthState> {
  return (await readStoredSession()).auth;
}

/** A stand-in for navigator.locks: tasks under one name run one after another, and it records who held it. */
export function memoryLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const held: string[] = [];
  const withLock: WithLock = (name, task) => {
    const run = (tails.get(name) ?? Promise.resolve()).then(async () => {
      held.push(name);
      return task();
    });
    tails.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  };
  return { withLock, held };
}

/** The reply of POST /api/refresh. */
export function refreshedSession(accessToken: string, refreshToken: string) {
  return {
    success: true,
    message: {
      id: 'u1',
      name: 'Ana López',
      firstname: 'Ana',
      lastname: 'López',
      phone: '+13055550123',
      email: 'ana@example.com',
      alert_status: true,
      contacts: 1,
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_at: new Date(Date.now() + 90 * DAY_MS).toISOString(),
      issued_at: new Date().toISOString(),
      roles: [],
      permissions: ['view'],
    },
  };
}
