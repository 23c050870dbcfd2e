import { useSyncExternalStore } from 'react';

/**
 * The last practice press of this page (issue 9), apart from the SOS press's
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

const idle: PracticeState = { phase: 'idle', key: '', pressedAt: 0 };
let state = idle;
const listeners = new Set<() => void>();

export function getPracticeState(): PracticeState {
  return state;
}

export function setPracticeState(patch: Partial<PracticeState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function resetPracticeState(): void {
  setPracticeState(idle);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePracticeState(): PracticeState {
  return useSyncExternalStore(subscribe, getPracticeState, getPracticeState);
}
