import { useSyncExternalStore } from 'react';
import { getSessionState, subscribeSession } from './session-store.ts';
import type { AuthState, SessionState } from '#shared/browser/session-state.ts';

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

export function useAuth(): AuthState {
  return useSessionState().auth;
}
