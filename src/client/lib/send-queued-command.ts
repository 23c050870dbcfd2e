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
 * - no-reply: nothing answered (no worker in between, and no network);
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
    if (afterUnauthorized({ refreshed }) === 'keep-until-sign-in') return keepUntilSignIn(kind, key, body);
    refreshed = true;
    // Without a token, or with a refresh refused, only a new sign-in helps.
    if (!token || !(await refreshSession(token))) return keepUntilSignIn(kind, key, body);
  }
}

async function keepUntilSignIn(kind: CommandKind, key: string, body: unknown): Promise<SentCommand> {
  try {
    const token = getSessionState().auth.access_token;
    const last = await sendJson({ ...buildCommand(kind, key, body, { queueOnly: true }), token });
    const kept = sent(readCommandReply(kind, last.status, last.data), true);
    return kept.kind === 'queued' || kept.kind === 'done' ? kept : { kind: 'signed-out' };
  } catch {
    return { kind: 'signed-out' };
  }
}

function sent(reply: CommandReply, signedOut: boolean): SentCommand {
  if (reply.kind === 'queued') return { kind: 'queued', signedOut };
  if (reply.kind === 'unauthorized') return { kind: 'signed-out' };
  return reply;
}
