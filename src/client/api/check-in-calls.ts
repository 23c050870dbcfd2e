import * as v from 'valibot';
import { checkInSchema, type CheckIn } from '#shared/api/check-ins.ts';
import * as apiMessages from '#shared/api-messages.ts';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/constants.ts';
import { isRecord, messageText } from '#shared/plain-data.ts';
import type { HttpMethod, HttpReply } from '#client/lib/http.ts';
import { expireSession } from '#client/lib/session/session-expiry.ts';
import { sendAuthorized } from '#client/lib/session/send-authorized.ts';

/**
 * - done: the server answered with the check-in;
 * - queued: the service worker keeps it and sends it, in order with SOS, once there is signal;
 * - refused: the server said no (404, 409, 422: `errors.pin` for a PIN);
 * - failed: nobody has it (no worker and no network, or the worker could not keep it).
 */
export type CheckInReply =
  | { kind: 'done'; checkIn: CheckIn }
  | { kind: 'queued' }
  | { kind: 'refused'; status: number; message: string; errors: Record<string, string[]> }
  | { kind: 'failed'; message: string };

/**
 * One check-in call (POST /check-ins or PUT /check-ins/current) with its
 * Idempotency-Key: the service worker sends it live or queues it behind any
 * SOS request, like the SOS calls themselves (sw/sos-route.ts).
 */
export async function sendCheckInCall(
  method: HttpMethod,
  path: string,
  key: string,
  body: unknown,
): Promise<CheckInReply> {
  let reply: HttpReply;
  try {
    reply = await sendAuthorized({ method, path, body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
  } catch {
    return { kind: 'failed', message: apiMessages.networkError };
  }
  if (reply.status === 401) {
    expireSession();
    return { kind: 'refused', status: 401, message: apiMessages.unauthorized, errors: {} };
  }
  return classify(reply);
}

function classify({ status, data }: HttpReply): CheckInReply {
  if (status === 202 && isRecord(data) && data.queued === true) return { kind: 'queued' };
  if (status >= 200 && status < 300) {
    const parsed = v.safeParse(v.object({ message: checkInSchema }), data);
    return parsed.success
      ? { kind: 'done', checkIn: parsed.output.message }
      : { kind: 'failed', message: apiMessages.serverError };
  }
  if (status >= 400 && status < 500) {
    return { kind: 'refused', status, message: messageText(data, apiMessages.invalidData), errors: readErrors(data) };
  }
  return { kind: 'failed', message: messageText(data, apiMessages.serverError) };
}

function readErrors(data: unknown): Record<string, string[]> {
  if (!isRecord(data) || !isRecord(data.errors)) return {};
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(data.errors)) {
    if (Array.isArray(messages)) errors[field] = messages.filter((item): item is string => typeof item === 'string');
  }
  return errors;
}
