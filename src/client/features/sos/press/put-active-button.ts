import type { ALERT_END, ALERT_PRACTICE, ALERT_START } from '#shared/alert-status.ts';
import { SOS_NOT_QUEUED_MESSAGE } from '#shared/browser/sos-reply-texts.ts';
import { ACTIVE_BUTTON_PATH, IDEMPOTENCY_KEY_HEADER, SOS_QUEUE_ONLY_HEADER } from '#shared/constants.ts';
import * as apiMessages from '#shared/api-messages.ts';
import { isRecord, isString, messageText } from '#shared/plain-data.ts';
import { sendJson, type HttpReply } from '#client/lib/http.ts';
import { sendAuthorized } from '#client/lib/session/send-authorized.ts';
import { getSessionState } from '#client/lib/session/session-store.ts';

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
  | { kind: 'done' }
  | { kind: 'queued'; signedOut: boolean }
  | { kind: 'not-queued'; message: string }
  | { kind: 'no-reply' }
  | { kind: 'refused'; status: number; message: string; pinError?: string }
  | { kind: 'signed-out' };

/** sosQueuedReplySchema of src/shared/browser/sos-messages.ts, read with src/shared/plain-data.ts. */
function isQueuedReply(data: unknown): boolean {
  return isRecord(data) && data.success === true && data.queued === true && isString(data.message);
}

/** The worker's 503 when it could neither send nor keep the request. */
function isNotQueuedReply(data: unknown): boolean {
  return isRecord(data) && data.success === false && data.queued === false;
}

/**
 * One SOS request, always with the same Idempotency-Key, so any resend is the
 * same alert. Not through apiRequest: that ends the session on a 401, and an
 * SOS must first be handed to the worker's queue (DESIGN.md section 3): a
 * refresh and a resend, then a resend marked queue-only, which the worker keeps
 * until the person signs in again.
 */
export async function putActiveButton(key: string, body: ActiveButtonBody): Promise<SosReply> {
  const request = (extra: Record<string, string> = {}) => ({
    method: 'PUT' as const,
    path: ACTIVE_BUTTON_PATH,
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key, ...extra },
  });

  let reply: HttpReply;
  try {
    reply = await sendAuthorized(request());
  } catch {
    return { kind: 'no-reply' };
  }
  if (reply.status !== 401) return classify(reply, false);

  try {
    const last = classify(
      await sendJson({ ...request({ [SOS_QUEUE_ONLY_HEADER]: '1' }), token: getSessionState().auth.access_token }),
      true,
    );
    return last.kind === 'queued' || last.kind === 'done' ? last : { kind: 'signed-out' };
  } catch {
    return { kind: 'signed-out' };
  }
}

function classify({ status, data }: HttpReply, signedOut: boolean): SosReply {
  if (status === 202 && isQueuedReply(data)) return { kind: 'queued', signedOut };
  if ((status >= 200 && status < 300) || status === 409) return { kind: 'done' };
  if (status === 503 && isNotQueuedReply(data)) {
    return { kind: 'not-queued', message: messageText(data, SOS_NOT_QUEUED_MESSAGE) };
  }
  if (status === 400 || status === 413 || status === 422) {
    const pinError = readPinError(data);
    return {
      kind: 'refused',
      status,
      message: messageText(data, apiMessages.invalidData),
      ...(pinError ? { pinError } : {}),
    };
  }
  return { kind: 'no-reply' };
}

/** 'PIN incorrecto.' or 'Escribe tu PIN.': the 422's errors.pin, for the PIN dialog. */
function readPinError(data: unknown): string | undefined {
  if (!isRecord(data) || !isRecord(data.errors) || !Array.isArray(data.errors.pin)) return undefined;
  const first: unknown = data.errors.pin[0];
  return isString(first) ? first : undefined;
}
