import { SESSION_STORE_KEY } from '../constants.ts';
import { createEncryptedStorage } from './encrypted-storage.ts';
import { parseSessionState, type SessionState } from './session-state.ts';

// The persisted session as the page writes it; the service worker reads the
// bearer token from here at replay and writes back after its own refresh
// (serialised with the page on the SESSION_REFRESH_LOCK Web Lock).

const storage = createEncryptedStorage(SESSION_STORE_KEY);

export async function readStoredSession(): Promise<SessionState> {
  return parseSessionState(await storage.read());
}

export async function writeStoredSession(state: SessionState): Promise<void> {
  await storage.write(JSON.stringify(state));
}
