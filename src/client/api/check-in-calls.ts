import * as v from 'valibot';
import { checkInSchema, type CheckIn } from '#shared/api/check-ins.ts';
import * as apiMessages from '#shared/api-messages.ts';
import type { CommandKind } from '#shared/browser/queued-commands.ts';
import { sendQueuedCommand } from '#client/lib/send-queued-command.ts';

/**
 * - done: the server answered with the check-in;
 * - queued: the service worker keeps it and sends it, in order with SOS, once there is signal;
 *   `signedOut` when it waits for the person to sign in again (the caller ends the session);
 * - refused: the server said no (404, 409, 422: `errors.pin` for a PIN; 401 when no refresh
 *   cured the session and no worker could keep the call: the caller ends the session);
 * - failed: nobody has it (no worker and no network, or the worker could not keep it).
 */
export type CheckInReply =
  | { kind: 'done'; checkIn: CheckIn }
  | { kind: 'queued'; signedOut: boolean }
  | { kind: 'refused'; status: number; message: string; errors: Record<string, string[]> }
  | { kind: 'failed'; message: string };

/**
 * One check-in call (POST /check-ins or PUT /check-ins/current) with its
 * Idempotency-Key, through the page's one path for queued commands
 * (send-queued-command.ts): the service worker sends it live or queues it behind
 * any SOS request, like the SOS calls themselves (sw/sos-route.ts).
 */
export async function sendCheckInCall(
  kind: Exclude<CommandKind, 'sos'>,
  key: string,
  body: unknown,
): Promise<CheckInReply> {
  const reply = await sendQueuedCommand(kind, key, body);
  switch (reply.kind) {
    case 'done': {
      const parsed = v.safeParse(v.object({ message: checkInSchema }), reply.data);
      return parsed.success
        ? { kind: 'done', checkIn: parsed.output.message }
        : { kind: 'failed', message: apiMessages.serverError };
    }
    case 'queued':
      return reply;
    case 'refused':
      return { ...reply, message: reply.message ?? apiMessages.invalidData };
    case 'signed-out':
      return { kind: 'refused', status: 401, message: apiMessages.unauthorized, errors: {} };
    case 'no-reply':
      return { kind: 'failed', message: apiMessages.networkError };
    case 'not-queued':
    case 'retry-later':
      return { kind: 'failed', message: reply.message ?? apiMessages.serverError };
  }
}
