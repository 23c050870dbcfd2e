import { useSyncExternalStore } from 'react';

/**
 * The check-in call this page handed to the service worker without signal,
 * until the worker reports it delivered: home says it is waiting, and a
 * refetch in between does not undo what the person did.
 */
export interface WaitingCall {
  kind: 'set' | 'ok' | 'extend';
  key: string;
}

type Listener = () => void;
let waiting: WaitingCall | null = null;
const listeners = new Set<Listener>();

export function getWaitingCall(): WaitingCall | null {
  return waiting;
}

export function setWaitingCall(next: WaitingCall | null): void {
  waiting = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWaitingCall(): WaitingCall | null {
  return useSyncExternalStore(subscribe, getWaitingCall, getWaitingCall);
}
