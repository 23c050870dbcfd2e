import { pushKinds, type PushKind } from '#shared/push-payload.ts';

// A phone notification is an outbox row like an e-mail (same queue, same
// priority as the alert's e-mail, same retries), told apart by its kind.

const PREFIX = 'push:';

export function pushOutboxKind(kind: PushKind): string {
  return `${PREFIX}${kind}`;
}

/** The notification's kind for an outbox row that is a phone notification, else undefined. */
export function pushKindOf(outboxKind: string): PushKind | undefined {
  if (!outboxKind.startsWith(PREFIX)) return undefined;
  const kind = outboxKind.slice(PREFIX.length);
  return (pushKinds as readonly string[]).includes(kind) ? (kind as PushKind) : undefined;
}
