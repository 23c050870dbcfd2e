import type { Session } from '#shared/api/auth.ts';
import { resetAll, setAuth } from '#client/lib/session/session-store.ts';
import type { AuthState } from '#shared/browser/session-state.ts';

const DAY_MS = 24 * 60 * 60_000;

export function aSession(overrides: Partial<Session> = {}): Session {
  return {
    id: 'u1',
    name: 'Ana López',
    firstname: 'Ana',
    lastname: 'López',
    phone: '+13055550123',
    email: 'ana@example.com',
    alert_status: false,
    contacts: 1,
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    token_type: 'Bearer',
    expires_at: new Date(Date.now() + 90 * DAY_MS).toISOString(),
    issued_at: new Date().toISOString(),
    roles: [],
    permissions: ['view'],
    ...overrides,
  };
}

/** A signed-in person; overrides tweak the auth slice. */
export function signIn(overrides: Partial<AuthState> = {}): void {
  resetAll();
  setAuth({ ...aSession(), ...overrides });
}

export function signOutLocally(): void {
  resetAll();
}
