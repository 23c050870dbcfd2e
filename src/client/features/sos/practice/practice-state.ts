import { useSyncExternalStore } from 'react';
import { createStore } from '#client/lib/create-store.ts';

/**
 * The last practice press of this page, apart from the SOS press's
 * state: a practice never disables the SOS button nor counts as an alert.
 * - sending: handed over, no answer yet;
 * - sent: the server answered;
 * - queued: the service worker keeps it and will send it;
 * - held: no worker took it and the network failed; this page keeps retrying;
 * - failed: neither sent nor kept.
 */
export type PracticePhase = 'idle' | 'sending' | 'sent' | 'queued' | 'held' | 'failed';

export interface PracticeState {
  phase: PracticePhase;
  /** The practice request's Idempotency-Key. */
  key: string;
  /** Epoch ms of the press. */
  pressedAt: number;
}

const store = createStore<PracticeState>(() => ({ phase: 'idle', key: '', pressedAt: 0 }));

export const getPracticeState = store.get;

export function setPracticeState(patch: Partial<PracticeState>): void {
  store.set({ ...store.get(), ...patch });
}

export function usePracticeState(): PracticeState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
