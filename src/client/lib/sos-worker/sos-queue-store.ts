import { useSyncExternalStore } from 'react';
import type { RejectedSos, SosQueueStatus } from '#shared/browser/sos-messages.ts';

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

type Listener = () => void;

let view: SosQueueView = { status: null, delivered: new Set(), rejected: [] };
const listeners = new Set<Listener>();

export function getSosQueueView(): SosQueueView {
  return view;
}

export function subscribeSosQueue(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function replace(next: SosQueueView): void {
  view = next;
  for (const listener of listeners) listener();
}

export function receiveSosStatus(status: SosQueueStatus): void {
  let { delivered, rejected } = view;
  if (status.delivered) delivered = new Set([...delivered, status.delivered.idempotencyKey]);
  const known = new Set(rejected.map((entry) => entry.idempotencyKey));
  const fresh = status.rejected.filter((entry) => !known.has(entry.idempotencyKey));
  if (fresh.length > 0) rejected = [...rejected, ...fresh];
  replace({ status, delivered, rejected });
}

/** A request the page itself had to give up on (sent without a worker and refused). */
export function addRejectedSos(entry: RejectedSos): void {
  if (view.rejected.some((known) => known.idempotencyKey === entry.idempotencyKey)) return;
  replace({ ...view, rejected: [...view.rejected, entry] });
}

/** Tests start from nothing. */
export function resetSosQueueView(): void {
  replace({ status: null, delivered: new Set(), rejected: [] });
}

export function useSosQueueView(): SosQueueView {
  return useSyncExternalStore(subscribeSosQueue, getSosQueueView, getSosQueueView);
}
