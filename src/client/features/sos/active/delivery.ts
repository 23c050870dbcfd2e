import { ALERT_START } from '#shared/alert-status.ts';
import type { SosQueueView } from '#client/lib/sos-worker/sos-queue-store.ts';
import type { HeldView } from '#client/features/sos/press/page-queue.ts';
import type { PressState } from '#client/features/sos/press/press-state.ts';

/**
 * Where the alert stands, from what the page knows: its own last press, the
 * requests it holds itself, and the worker's reports.
 * - sending: the press is on its way, no answer yet;
 * - waiting: requests wait for signal (`pending` of them; `unstored`: this page holds some it could not store);
 * - sent: nothing waits and the server took the alert;
 * - failed: the server refused the alert's request;
 * - checking: a worker exists but has not reported yet, or this page has not yet read what an earlier
 *   visit left with it (never claims "sent").
 */
export type Delivery =
  | { state: 'sending' }
  | { state: 'waiting'; pending: number; oldestQueuedAt: number | null; heldHere: boolean; unstored: boolean }
  | { state: 'sent' }
  | { state: 'failed' }
  | { state: 'checking' };

export function deliveryOf(press: PressState, held: HeldView, queue: SosQueueView, hasWorker: boolean): Delivery {
  if (press.phase === 'sending') return { state: 'sending' };
  const { status } = queue;
  const pressWaits = press.phase === 'queued' && !queue.delivered.has(press.key);
  const pending = Math.max((status?.pending ?? 0) + held.count, pressWaits ? 1 : 0);
  if (pending > 0) {
    const oldest = [status?.oldestQueuedAt, held.oldestQueuedAt, pressWaits ? press.pressedAt : null].filter(
      (at): at is number => typeof at === 'number',
    );
    return {
      state: 'waiting',
      pending,
      oldestQueuedAt: oldest.length > 0 ? Math.min(...oldest) : null,
      heldHere: held.count > 0,
      unstored: held.count > 0 && !held.stored,
    };
  }
  const refused = queue.rejected.some(
    (entry) => entry.alert_status === ALERT_START && (entry.idempotencyKey === press.key || press.key === ''),
  );
  if (refused) return { state: 'failed' };
  if (press.phase === 'sent' || press.phase === 'queued' || press.phase === 'held') return { state: 'sent' };
  return (status === null && hasWorker) || !held.restored ? { state: 'checking' } : { state: 'sent' };
}
