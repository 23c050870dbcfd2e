import { useSyncExternalStore } from 'react';
import type { RejectedSos, SosQueueStatus } from '#shared/browser/sos-messages.ts';
import { createStore } from '../create-store.ts';

/**
 * What this page knows of the service worker's SOS queue: its latest status,
 * the requests it reported delivered and the rejected ones seen since the page
 * opened (kept on screen after the worker is told they were shown).
 */
export interface SosQueueView {
  /** null until the worker first answers (or when there is no worker). */
  status: SosQueueStatus | null;
  delivered: ReadonlySet<string>;
  rejected: readonly RejectedSos[];
}

const store = createStore<SosQueueView>(() => ({ status: null, delivered: new Set(), rejected: [] }));

export const getSosQueueView = store.get;
export const subscribeSosQueue = store.subscribe;

export function receiveSosStatus(status: SosQueueStatus): void {
  let { delivered, rejected } = store.get();
  if (status.delivered) delivered = new Set([...delivered, status.delivered.idempotencyKey]);
  const known = new Set(rejected.map((entry) => entry.idempotencyKey));
  const fresh = status.rejected.filter((entry) => !known.has(entry.idempotencyKey));
  if (fresh.length > 0) rejected = [...rejected, ...fresh];
  store.set({ status, delivered, rejected });
}

/** A request the page itself had to give up on (sent without a worker and refused). */
export function addRejectedSos(entry: RejectedSos): void {
  const view = store.get();
  if (view.rejected.some((known) => known.idempotencyKey === entry.idempotencyKey)) return;
  store.set({ ...view, rejected: [...view.rejected, entry] });
}

export function useSosQueueView(): SosQueueView {
  return useSyncExternalStore(subscribeSosQueue, getSosQueueView, getSosQueueView);
}
