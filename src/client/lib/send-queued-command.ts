import {
  afterUnauthorized,
  buildCommand,
  readCommandReply,
  type CommandKind,
  type CommandReply,
} from '#shared/browser/queued-commands.ts';
import { sendJson, type HttpReply } from './http.ts';
import { refreshSession } from './session/session-refresh.ts';
import { getSessionState } from './session/session-store.ts';

/**
 * What became of one command sent by the page: the shared reading of its reply
 * (src/shared/browser/queued-commands.ts), plus
 * - queued `signedOut`: the worker keeps it until the person signs in again;
 * - no-reply: nothing answered (no worker in between, and no network), or a 401 whose refresh
 *   could not reach the server and that no worker kept;
 * - signed-out: a 401 that no refresh cured and no worker could keep.
 * No 'unauthorized': the 401 policy is applied here.
 */
export type SentCommand =
  | Exclude<CommandReply, { kind: 'queued' | 'unauthorized' }>
  | { kind: 'queued'; signedOut: boolean }
  | { kind: 'no-reply' }
  | { kind: 'signed-out' };

/**
 * The one way the page sends a command the worker may queue (an SOS or check-in call), always
 * with the same Idempotency-Key. Not through apiRequest: that ends the session on a 401, and a
 * command must first be kept (`afterUnauthorized`): one refresh and one resend, then a resend
 * marked queue-only, which the worker keeps until the person signs in again. Ending the session
 * is the caller's, once it has told the person.
 */
export async function sendQueuedCommand(kind: CommandKind, key: string, body: unknown): Promise<SentCommand> {
  let refreshed = false;
  for (;;) {
    const token = getSessionState().auth.access_token;
    let reply: HttpReply;
    try {
      reply = await sendJson({ ...buildCommand(kind, key, body), token });
    } catch {
      return { kind: 'no-reply' };
    }
    const read = readCommandReply(kind, reply.status, reply.data);
    if (read.kind !== 'unauthorized') return sent(read, false);
    if (afterUnauthorized({ refreshed }) === 'keep-until-sign-in') return keepQueueOnly(kind, key, body, true);
    refreshed = true;
    // Without a token, or with a refresh refused, only a new sign-in helps. A refresh that could
    // not reach the server says nothing of the session: the worker keeps the command and sends it
    // once its own refresh goes through, or this page holds it and tries again.
    const refresh = token && (await refreshSession(token));
    if (refresh !== 'refreshed') return keepQueueOnly(kind, key, body, refresh !== 'unavailable');
  }
}

/** The command handed to the worker to keep, without a live attempt; `signedOut` until a new sign-in. */
async function keepQueueOnly(kind: CommandKind, key: string, body: unknown, signedOut: boolean): Promise<SentCommand> {
  const notKept: SentCommand = signedOut ? { kind: 'signed-out' } : { kind: 'no-reply' };
  try {
    const token = getSessionState().auth.access_token;
    const last = await sendJson({ ...buildCommand(kind, key, body, { queueOnly: true }), token });
    const kept = sent(readCommandReply(kind, last.status, last.data), signedOut);
    return kept.kind === 'queued' || kept.kind === 'done' ? kept : notKept;
  } catch {
    return notKept;
  }
}

function sent(reply: CommandReply, signedOut: boolean): SentCommand {
  if (reply.kind === 'queued') return { kind: 'queued', signedOut };
  if (reply.kind === 'unauthorized') return { kind: 'signed-out' };
  return reply;
}
