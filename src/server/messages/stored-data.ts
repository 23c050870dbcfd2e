import * as v from 'valibot';
import { MESSAGE_KINDS, type MessageInput, type MessageKind } from './kinds.ts';
import type { Priority } from './priority.ts';

/**
 * Thrown when the code that queues a message gives data its kind's schema
 * refuses: a bug to see at once, in the request that caused it, rather than an
 * e-mail that fails later. Names the kind and the fields, never their values
 * (a code, an address).
 */
export class MessageDataError extends Error {
  constructor(kind: string, fields: string[]) {
    super(`outbox: data of '${kind}' do not match its schema (${fields.join(', ') || 'root'})`);
    this.name = 'MessageDataError';
  }
}

/**
 * The row's columns for a message: its kind, its priority and turn, its data
 * parsed and serialised, and the alert it belongs to (kept once the data is cleared).
 */
export function storedMessage<K extends MessageKind>(
  kind: K,
  data: MessageInput<K>,
): { kind: K; priority: Priority; turn: number; templateData: string; alertId: string | null } {
  const spec = MESSAGE_KINDS[kind];
  const parsed = v.safeParse(spec.schema, data);
  if (!parsed.success)
    throw new MessageDataError(
      kind,
      parsed.issues.map((issue) => v.getDotPath(issue) ?? 'root'),
    );
  const alertId = spec.alert ? alertIdOf(parsed.output) : null;
  if (spec.alert && alertId === null) throw new MessageDataError(kind, ['alertId']);
  // A row of an account takes its turn from the outbox's trigger, which overwrites this.
  const turn = spec.behindFirstAlertMails ? 1 : 0;
  return { kind, priority: spec.priority, turn, templateData: JSON.stringify(parsed.output), alertId };
}

/** Every kind that belongs to an alert names it in its data (kinds.ts). */
function alertIdOf(data: unknown): string | null {
  const alertId = (data as { alertId?: unknown } | null)?.alertId;
  return typeof alertId === 'string' ? alertId : null;
}

export function priorityOf(kind: MessageKind): Priority {
  return MESSAGE_KINDS[kind].priority;
}
