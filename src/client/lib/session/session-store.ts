import { clearAppState } from '#shared/browser/clear-app-state.ts';
import { readStoredSession, writeStoredSession } from '#shared/browser/stored-session.ts';
import { SESSION_STORE_KEY } from '#shared/constants.ts';
import type { Session } from '#shared/api/auth.ts';
import {
  defaultSessionState,
  parseSessionState,
  type AuthState,
  type SessionState,
  type UiState,
} from '#shared/browser/session-state.ts';
import { createStore } from '../create-store.ts';
import { takeEarlyRead } from './early-reads.ts';
import { withSessionLock } from './session-lock.ts';
import { settledWithin } from '#shared/settled-within.ts';

// A small external store (read with useSyncExternalStore), persisted encrypted
// under `persist:sos-v8` so the service worker can read the token too.

const PERSIST_DELAY_MS = 50;

const store = createStore<SessionState>(defaultSessionState);
const initialState = store.get();
let restored = false;
let persistTimer: ReturnType<typeof setTimeout> | undefined;
let lastWrite: Promise<void> = Promise.resolve();

export const getSessionState = store.get;
export const subscribeSession = store.subscribe;

function replaceState(next: SessionState): void {
  store.set(next);
  schedulePersist();
}

/**
 * Stored at once, not after the short wait of other changes: each one (a sign-in, a first contact, an
 * alert, a rotated token) decides the screen a reopened app opens on, and a phone may close the app
 * right after it.
 */
export function setAuth(patch: Partial<AuthState>): void {
  const state = store.get();
  replaceState({ ...state, auth: { ...state.auth, ...patch } });
  void saveSessionSoon();
}

export function setUi(patch: Partial<UiState>): void {
  const state = store.get();
  replaceState({ ...state, ui: { ...state.ui, ...patch } });
}

/**
 * Signs in with the session a verify or signup returned (the e-mail code is spent), stored first:
 * the screen that follows (home, with its SOS button) must never show a session that a phone closed
 * or locked right then would reopen without, needing e-mail, a code and signal to get back.
 */
export function setSessionStoredFirst(session: Session, maxWaitMs: number): Promise<void> {
  return setAuthStoredFirst({ ...session, token_type: session.token_type || 'Bearer', code: '' }, maxWaitMs);
}

/**
 * Stores the session a token refresh returned, all but its alert_status: this phone may hold a
 * start (or an end) the server has not seen yet, and the refresh must not undo it. The server's
 * alert_status is followed where nothing waits on this phone (reconcile-alert.ts).
 */
export function setRefreshedSession(session: Session): void {
  setAuth({
    ...session,
    alert_status: store.get().auth.alert_status,
    token_type: session.token_type || 'Bearer',
    code: '',
  });
}

/**
 * Ends the session: every slice back to its defaults, stored at once (resolves
 * once stored, or after `maxWaitMs`). An app closed right after signing out (or after a 401) must not
 * reopen on the revoked session's home, where an SOS press would only meet a 401.
 */
export function resetAll(maxWaitMs = Infinity): Promise<void> {
  replaceState(defaultSessionState());
  return atMost(saveSessionSoon(), maxWaitMs);
}

/**
 * Sign-out: everything of the person this phone keeps in the state store (the session, the cached
 * contacts, profile and check-in) is cleared on disk first, and only then in memory. Resolves true
 * once the store is empty; false when the clearing failed or took longer than `maxWaitMs`: the person
 * is then still signed in here (memory and, once the write settles, storage say so), so no screen
 * claims a sign-out that a phone closed right then would not keep. Queued SOS requests live in
 * stores of their own and stay.
 */
export async function clearSessionStoredFirst(maxWaitMs: number): Promise<boolean> {
  if (persistTimer !== undefined) clearTimeout(persistTimer);
  persistTimer = undefined;
  const cleared = withSessionLock(async () => {
    // After any write already under way, which would otherwise land on the cleared store.
    await lastWrite;
    await clearAppState();
  }).then(
    () => true,
    () => false,
  );
  const done = await settledWithin(cleared, maxWaitMs, false);
  if (!done) {
    // The state in memory stays, and is written again after the clearing, whenever it ends.
    schedulePersist();
    return false;
  }
  replaceState(defaultSessionState());
  return true;
}

/** A write awaited for `maxWaitMs` at most: a stuck IndexedDB (or a held session lock) must not hold the screen. */
function atMost(write: Promise<void>, maxWaitMs: number): Promise<void> {
  return maxWaitMs === Infinity ? write : settledWithin(write, maxWaitMs, undefined);
}

/** Reads the persisted state; bad or unreadable data gives the defaults. */
export async function restoreSession(): Promise<void> {
  const early = takeEarlyRead(SESSION_STORE_KEY);
  const restoredState = early ? parseSessionState(await early) : await readStoredSession();
  // A change made while restoring (unlikely before the router renders) wins.
  restored = true;
  if (store.get() === initialState) {
    store.set(restoredState);
  } else {
    schedulePersist();
  }
}

/** The auth slice as last written by any tab or the service worker. */
export async function readPersistedAuth(): Promise<AuthState> {
  return (await readStoredSession()).auth;
}

/** The fields a token refresh changes; the rest of the auth slice is this page's to keep. */
export function tokensOf(
  auth: AuthState,
): Pick<AuthState, 'access_token' | 'refresh_token' | 'token_type' | 'expires_at' | 'issued_at'> {
  const { access_token, refresh_token, token_type, expires_at, issued_at } = auth;
  return { access_token, refresh_token, token_type, expires_at, issued_at };
}

/**
 * Tokens stored by the service worker or another tab after this page's own
 * (same person, issued later) win: a rotated refresh token must never be
 * overwritten by the one it replaced.
 */
function newerStoredTokens(stored: AuthState | undefined) {
  const mine = store.get().auth;
  if (!stored || !mine.access_token || !stored.access_token || stored.id !== mine.id) return undefined;
  if (stored.access_token === mine.access_token) return undefined;
  const storedAt = Date.parse(stored.issued_at);
  const mineAt = Date.parse(mine.issued_at);
  return Number.isFinite(storedAt) && (!Number.isFinite(mineAt) || storedAt > mineAt) ? tokensOf(stored) : undefined;
}

/** The worker rotated the tokens ('sos-session-updated'): take them now, before this page writes its state again. */
export async function adoptStoredTokens(): Promise<void> {
  // Before restore the restore itself reads them; a change now would make it keep the defaults.
  if (!restored) return;
  const tokens = newerStoredTokens(await readPersistedAuth().catch(() => undefined));
  if (tokens) setAuth(tokens);
}

/** A scheduled save, under the session lock so it cannot land between another writer's read and write. */
async function persistKeepingNewerTokens(patch?: Partial<AuthState>): Promise<void> {
  await withSessionLock(async () => {
    const tokens = newerStoredTokens(await readPersistedAuth().catch(() => undefined));
    if (tokens) {
      const state = store.get();
      store.set({ ...state, auth: { ...state.auth, ...tokens } });
    }
    await persistSessionNow(patch);
  }).catch(() => undefined);
}

/**
 * Runs a scheduled save at once (same care for the worker's newer tokens).
 * For changes a reopened app must find even if it is closed right away: an
 * alert started or ended, the page going away.
 */
export function saveSessionSoon(): Promise<void> {
  if (persistTimer === undefined) return lastWrite;
  clearTimeout(persistTimer);
  persistTimer = undefined;
  return persistKeepingNewerTokens();
}

/**
 * For a change a reopened app must find even when it is closed at once (an alert
 * started): stored first, then set, so no screen shows it before it is stored. A
 * stuck IndexedDB (or a held session lock) delays it `maxWaitMs` at most.
 */
export async function setAuthStoredFirst(patch: Partial<AuthState>, maxWaitMs: number): Promise<void> {
  // Not in the store before it is stored: any render reads it from there (useSyncExternalStore) and acts on it.
  if (restored) await atMost(persistKeepingNewerTokens(patch), maxWaitMs);
  // Written again at once (setAuth does), in case another change was stored in between without it.
  setAuth(patch);
}

/** Writes now (with `patch` over the state, if any); resolves once it is in IndexedDB (tests and token refresh await it). */
export function persistSessionNow(patch?: Partial<AuthState>): Promise<void> {
  if (persistTimer !== undefined) clearTimeout(persistTimer);
  persistTimer = undefined;
  const state = store.get();
  const snapshot = patch ? { ...state, auth: { ...state.auth, ...patch } } : state;
  lastWrite = lastWrite.then(() => writeStoredSession(snapshot)).catch(() => undefined);
  return lastWrite;
}

function schedulePersist(): void {
  // Before restore, writing would overwrite the stored session with defaults.
  if (!restored) return;
  if (persistTimer !== undefined) clearTimeout(persistTimer);
  persistTimer = setTimeout(() => {
    persistTimer = undefined;
    void persistKeepingNewerTokens();
  }, PERSIST_DELAY_MS);
}
