import * as v from 'valibot';

// The messages between the pages and the service worker about the SOS queue
// (DESIGN.md section 3). Both sides parse what they receive with these schemas.

// Page -> worker ------------------------------------------------------------

/** Replay the queue now: on `online`, on foreground, on the page's backoff timer, after sign-in. */
export const SOS_REPLAY = 'sos-replay';
/** Post the current queue status (answered to every window, like every status). */
export const SOS_STATUS = 'sos-status';
/** The page has shown these rejected or expired requests: the worker forgets them. */
export const SOS_ACK_REJECTED = 'sos-ack-rejected';

export const sosPageMessageSchema = v.variant('type', [
  v.object({ type: v.literal(SOS_REPLAY) }),
  v.object({ type: v.literal(SOS_STATUS) }),
  v.object({ type: v.literal(SOS_ACK_REJECTED), idempotencyKeys: v.array(v.string()) }),
]);
export type SosPageMessage = v.InferOutput<typeof sosPageMessageSchema>;

// Worker -> pages -----------------------------------------------------------

/** Sent to every window after each change of the queue and when asked. */
export const SOS_QUEUE = 'sos-queue';
/** The worker refreshed the tokens and wrote the session store: pages re-read it before they write it. */
export const SOS_SESSION_UPDATED = 'sos-session-updated';

/** `alert_status` as found in the queued body: '1' starts, '2' ends; null when the body had none. */
const alertStatusSchema = v.nullable(v.string());

export const queuedSosSchema = v.object({
  idempotencyKey: v.string(),
  alert_status: alertStatusSchema,
  /** Epoch ms when the request entered the queue. */
  queuedAt: v.number(),
});
export type QueuedSosSummary = v.InferOutput<typeof queuedSosSchema>;

/**
 * A queued request that will never be sent, kept until a page acknowledges it:
 * 'invalid' when the server refused the body (400, 413, 422; `status` and the
 * server's `message`), 'expired' when it stayed unsent for 7 days.
 */
export const rejectedSosSchema = v.object({
  ...queuedSosSchema.entries,
  reason: v.picklist(['invalid', 'expired']),
  status: v.nullable(v.number()),
  message: v.nullable(v.string()),
  /** Epoch ms when the worker gave up on it. */
  rejectedAt: v.number(),
});
export type RejectedSos = v.InferOutput<typeof rejectedSosSchema>;

export const sosQueueStatusSchema = v.object({
  type: v.literal(SOS_QUEUE),
  /** Requests waiting, oldest first; `pending` is their count. */
  pending: v.number(),
  queued: v.array(queuedSosSchema),
  /** When the oldest waiting request was queued (the 24-hour warning counts from it); null when none waits. */
  oldestQueuedAt: v.nullable(v.number()),
  /** A 401 that a token refresh could not cure: 'Inicia sesión para enviar tu alerta pendiente'. */
  needsSignIn: v.boolean(),
  /** A replay round is running now. */
  replaying: v.boolean(),
  /** Unacknowledged requests that will never be sent; a page shows them, then sends SOS_ACK_REJECTED. */
  rejected: v.array(rejectedSosSchema),
  /** Present in the status sent right after this request reached the server. */
  delivered: v.optional(v.object({ idempotencyKey: v.string(), alert_status: alertStatusSchema })),
});
export type SosQueueStatus = v.InferOutput<typeof sosQueueStatusSchema>;

export const sosWorkerMessageSchema = v.variant('type', [
  sosQueueStatusSchema,
  v.object({ type: v.literal(SOS_SESSION_UPDATED) }),
]);
export type SosWorkerMessage = v.InferOutput<typeof sosWorkerMessageSchema>;

// The worker's own answer to a queued SOS -----------------------------------

/** Body of the 202 the worker answers when it queued the request: the page treats it as success. */
export const sosQueuedReplySchema = v.object({
  success: v.literal(true),
  queued: v.literal(true),
  message: v.string(),
});
export type SosQueuedReply = v.InferOutput<typeof sosQueuedReplySchema>;

export { SOS_NOT_QUEUED_MESSAGE, SOS_QUEUED_MESSAGE } from './sos-reply-texts.ts';
