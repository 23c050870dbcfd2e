import { IDEMPOTENCY_KEY_HEADER, SOS_QUEUE_ONLY_HEADER } from '#shared/constants.ts';
import { queuedRequest } from '#shared/browser/queued-commands.ts';

/** A queued command (an SOS or check-in call) as the worker holds it: read once, so it can be sent and queued. */
export interface SosRequest {
  url: string;
  method: string;
  /** The page's headers, Authorization included: only for the live attempt. */
  headers: Headers;
  body: string;
  idempotencyKey: string;
  /** '1' starts an alert, '2' ends it; null when the body says neither. */
  alertStatus: string | null;
  /** The page asks to queue it without a live attempt (SOS_QUEUE_ONLY_HEADER). */
  queueOnly: boolean;
}

export async function readSosRequest(request: Request, makeKey: () => string): Promise<SosRequest> {
  const headers = new Headers(request.headers);
  // The page always sends a key. Should one be missing, the live attempt and any
  // queued copy still share one, so a replay can never make a second alert.
  const idempotencyKey = headers.get(IDEMPOTENCY_KEY_HEADER) || makeKey();
  headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
  const queueOnly = headers.get(SOS_QUEUE_ONLY_HEADER) === '1';
  headers.delete(SOS_QUEUE_ONLY_HEADER);
  const body = await request.clone().text();
  return {
    url: request.url,
    method: request.method,
    headers,
    body,
    idempotencyKey,
    alertStatus: readAlertStatus(body),
    queueOnly,
  };
}

/** The request sent live, exactly as the page made it (with its bearer token). */
export function liveRequest(sos: SosRequest): Request {
  return new Request(sos.url, { method: sos.method, headers: sos.headers, body: sos.body });
}

/** The request put in the queue (src/shared/browser/queued-commands.ts): no token. */
export function queueableRequest(sos: SosRequest): Request {
  return queuedRequest(sos.url, sos.method, sos.headers, sos.body);
}

function readAlertStatus(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'alert_status' in parsed) {
      const status = parsed.alert_status;
      return typeof status === 'string' || typeof status === 'number' ? String(status) : null;
    }
  } catch {
    // Not JSON: the server will answer 422 and the pages will hear of it.
  }
  return null;
}
