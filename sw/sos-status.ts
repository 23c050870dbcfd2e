import { SOS_QUEUE, type RejectedSos, type SosQueueStatus } from '#shared/browser/sos-messages.ts';
import type { QueuedSos } from './sos-queue.ts';

export interface SosStatusInput {
  entries: QueuedSos[];
  needsSignIn: boolean;
  replaying: boolean;
  rejected: RejectedSos[];
  delivered?: QueuedSos;
}

/** The message every page gets after each change (src/shared/browser/sos-messages.ts). */
export function sosStatus(input: SosStatusInput): SosQueueStatus {
  // A rejected entry is recorded just before it is removed: it is no longer pending.
  const rejectedKeys = new Set(input.rejected.map((entry) => entry.idempotencyKey));
  const queued = input.entries.filter((entry) => !rejectedKeys.has(entry.idempotencyKey)).map(summary);
  const status: SosQueueStatus = {
    type: SOS_QUEUE,
    pending: queued.length,
    queued,
    oldestQueuedAt: queued.reduce<number | null>(
      (oldest, entry) => (oldest === null || entry.queuedAt < oldest ? entry.queuedAt : oldest),
      null,
    ),
    // Nothing waiting means nothing to sign in for.
    needsSignIn: input.needsSignIn && queued.length > 0,
    replaying: input.replaying,
    rejected: input.rejected,
  };
  if (input.delivered) {
    status.delivered = { idempotencyKey: input.delivered.idempotencyKey, alert_status: input.delivered.alertStatus };
  }
  return status;
}

export function summary(entry: QueuedSos) {
  return { idempotencyKey: entry.idempotencyKey, alert_status: entry.alertStatus, queuedAt: entry.queuedAt };
}
