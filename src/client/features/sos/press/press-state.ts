import { useSyncExternalStore } from 'react';
import { createStore } from '#client/lib/create-store.ts';

/**
 * The last SOS press of this page:
 * - sending: handed over, no answer yet (the button is disabled);
 * - sent: the server answered;
 * - queued: the service worker keeps it and will send it;
 * - held: no worker took it and the network failed; this page keeps retrying;
 * - failed: neither sent nor kept (the SMS fallback is all there is).
 */
export type PressPhase = 'idle' | 'sending' | 'sent' | 'queued' | 'held' | 'failed';

export interface PressState {
  phase: PressPhase;
  /** The press's Idempotency-Key. */
  key: string;
  /** Epoch ms of the press. */
  pressedAt: number;
  /** Whether the press carried a position; if not, the first fix follows as a position update. */
  hadPosition: boolean;
  positionSent: boolean;
  /** Why it failed, in Spanish. */
  failure: string;
  /** Who pressed: a failure is not shown to the next person who signs in on this phone. */
  userId: string;
}

const store = createStore<PressState>(() => ({
  phase: 'idle',
  key: '',
  pressedAt: 0,
  hadPosition: false,
  positionSent: false,
  failure: '',
  userId: '',
}));

export const getPressState = store.get;

export function setPressState(patch: Partial<PressState>): void {
  store.set({ ...store.get(), ...patch });
}

export const resetPressState = store.reset;

export function usePressState(): PressState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
