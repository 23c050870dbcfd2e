import { readStoredSession, writeStoredSession } from '#shared/browser/stored-session.ts';
import type { Session } from '#shared/api/auth.ts';
import {
  defaultSessionState,
  type AuthState,
  type SessionState,
  type UiState,
} from '#shared/browser/session-state.ts';
import { isSessionValid } from './session-validity.ts';

// A small external store (read with useSyncExternalStore), persisted encrypted
// under `persist:sos-v8` so the service worker can read the token too.

const PERSIST_DELAY_MS = 50;

type Listener = () => void;

let state: SessionState = defaultSessionState();
const initialState = state;
const listeners = new Set<Listener>();
let restored = false;
let persistTimer: ReturnType<typeof setTimeout> | undefined;
let lastWrite: Promise<void> = Promise.resolve();

export function getSessionState(): SessionState {
  return state;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function replaceState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
  schedulePersist();
}

export function setAuth(patch: Partial<AuthState>): void {
  replaceState({ ...state, auth: { ...state.auth, ...patch } });
}

export function setUi(patch: Partial<UiState>): void {
  replaceState({ ...state, ui: { ...state.ui, ...patch } });
}

/** Stores the session a verify, signup or refresh returned; the e-mail code is spent. */
export function setSession(session: Session): void {
  setAuth({ ...session, token_type: session.token_type || 'Bearer', code: '' });
}

/** Ends the session: every slice back to its defaults. */
export function resetAll(): void {
  replaceState(defaultSessionState());
}

/** SPEC.md section 6: action and resource are ignored; only a valid session counts. */
export function can(_action: string, _resource: string, now: number = Date.now()): boolean {
  return isSessionValid(state.auth, now);
}

/** Reads the persisted state; bad or unreadable data gives the defaults. */
export async function restoreSession(): Promise<void> {
  const restoredState = await readStoredSession();
  // A change made while restoring (unlikely before the router renders) wins.
  restored = true;
  if (state === initialState) {
    state = restoredState;
    for (const listener of listeners) listener();
  } else {
    schedulePersist();
  }
}

/** The auth slice as last written by any tab or the service worker. */
export async function readPersistedAuth(): Promise<AuthState> {
  return (await readStoredSession()).auth;
}

/** Writes now; resolves once the state is in IndexedDB (tests and token refresh await it). */
export function persistSessionNow(): Promise<void> {
  if (persistTimer !== undefined) clearTimeout(persistTimer);
  persistTimer = undefined;
  const snapshot = state;
  lastWrite = lastWrite.then(() => writeStoredSession(snapshot)).catch(() => undefined);
  return lastWrite;
}

function schedulePersist(): void {
  // Before restore, writing would overwrite the stored session with defaults.
  if (!restored) return;
  if (persistTimer !== undefined) clearTimeout(persistTimer);
  persistTimer = setTimeout(() => void persistSessionNow(), PERSIST_DELAY_MS);
}
