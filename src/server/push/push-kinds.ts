import type { PushKind } from '#shared/push-payload.ts';
import { kindSpec, type PushOutboxKind } from '#server/messages/kinds.ts';

// A phone notification is an outbox row like an e-mail (same queue, same
// priority as the alert's e-mail, same retries), told apart by its kind,
// declared with the others in src/server/messages/kinds.ts.

/** The outbox kind of a notification: every notification kind has its entry, or this fails the type check. */
export function pushOutboxKind(kind: PushKind): PushOutboxKind {
  return `push:${kind}`;
}

/** Whether an outbox row is a phone notification rather than an e-mail. */
export function isPushOutboxKind(outboxKind: string): boolean {
  return kindSpec(outboxKind)?.channel === 'push';
}
