import type { ALERT_END, ALERT_PRACTICE, ALERT_START } from '#shared/alert-status.ts';
import { SOS_NOT_QUEUED_MESSAGE } from '#shared/browser/sos-reply-texts.ts';
import * as apiMessages from '#shared/api-messages.ts';
import { sendQueuedCommand } from '#client/lib/send-queued-command.ts';

/** The body of PUT /api/active-button (src/shared/api/active-button.ts). */
export interface ActiveButtonBody {
  alert_status: typeof ALERT_START | typeof ALERT_END | typeof ALERT_PRACTICE;
  latitude: string;
  longitude: string;
  /** Metres, with a position, when the phone said (optional: the server takes presses without it). */
  accuracy?: number;
  timezone: string;
  pressed_at: string;
  /** Ending ('2') when the person set PINs: the PIN or the duress PIN, alike. */
  pin?: string;
}

/**
 * - done: the server has it (2xx, or 409);
 * - queued: the service worker keeps it and sends it when it can (202 queued);
 *   `signedOut` when it waits for the person to sign in again;
 * - not-queued: the worker could neither send nor keep it (503 queued:false);
 * - no-reply: nothing answered, or only a passing failure (5xx, 429) with no worker in between;
 * - refused: a body the server will never take (400, 413, 422);
 * - signed-out: a 401 that no refresh cured and no worker could keep.
 */
export type SosReply =
  /** `told`: an end's `contacts_told` and its alert, as the server said them (read by the end's screen: end-news.ts). */
  | { kind: 'done'; told?: ReplyEndNews }
  | { kind: 'queued'; signedOut: boolean }
  | { kind: 'not-queued'; message: string }
  | { kind: 'no-reply' }
  | { kind: 'refused'; status: number; message: string; pinError?: string }
  | { kind: 'signed-out' };

/**
 * One SOS request, always with the same Idempotency-Key, so any resend is the
 * same alert: the page's one path for queued commands (send-queued-command.ts),
 * its 401 policy included, read for the SOS screens.
 */
export async function putActiveButton(key: string, body: ActiveButtonBody): Promise<SosReply> {
  const reply = await sendQueuedCommand('sos', key, body);
  switch (reply.kind) {
    case 'done': {
      const told = toldOf(reply.data);
      return told ? { kind: 'done', told } : { kind: 'done' };
    }
    case 'not-queued':
      return { kind: 'not-queued', message: reply.message ?? SOS_NOT_QUEUED_MESSAGE };
    case 'refused': {
      // 'PIN incorrecto.' or 'Escribe tu PIN.': the 422's errors.pin, for the PIN dialog.
      const pinError = reply.errors.pin?.[0];
      return {
        kind: 'refused',
        status: reply.status,
        message: reply.message ?? apiMessages.invalidData,
        ...(pinError ? { pinError } : {}),
      };
    }
    case 'retry-later':
      return { kind: 'no-reply' };
    default:
      return reply;
  }
}

/** An end's `contacts_told` and alert, unchecked: the words are the end's screen's to know (end-news.ts). */
export type ReplyEndNews = { alert_id: string; contacts_told: string };

/** An end's `contacts_told` in the reply's body, with its alert; undefined when the reply says nothing of it. */
function toldOf(data: unknown): ReplyEndNews | undefined {
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  if (typeof message !== 'object' || message === null) return undefined;
  const { contacts_told: told, alert_id: alertId } = message as { contacts_told?: unknown; alert_id?: unknown };
  return typeof told === 'string' && typeof alertId === 'string'
    ? { alert_id: alertId, contacts_told: told }
    : undefined;
}
