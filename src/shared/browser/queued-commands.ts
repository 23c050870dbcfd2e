import { ACTIVE_BUTTON_PATH, API_PREFIX, IDEMPOTENCY_KEY_HEADER, SOS_QUEUE_ONLY_HEADER } from '#shared/constants.ts';
import { isRecord, isString } from '#shared/plain-data.ts';

// Every call that must survive no signal (DESIGN.md section 3): the page sends it, the service
// worker passes it on or queues it and replays it later, one lane, one order. What such a call
// looks like on the wire, what its reply means and what a 401 does are written here once, for
// both sides (docs/decisions/037). No valibot: the SOS press is on home's first download.

/** Under /api, like every path the page's http.ts takes. */
export const CHECK_INS_PATH = '/check-ins';
export const CURRENT_CHECK_IN_PATH = '/check-ins/current';

/**
 * - sos: PUT /api/active-button, `alert_status` '1' (a press, or a position update of the
 *   alert), '2' (the end), '3' (a practice);
 * - check-in-set: POST /api/check-ins;
 * - check-in-update: PUT /api/check-ins/current, `action` 'ok', 'extend' or 'position'.
 */
export const COMMAND_ROUTES = {
  sos: { method: 'PUT', path: ACTIVE_BUTTON_PATH },
  'check-in-set': { method: 'POST', path: CHECK_INS_PATH },
  'check-in-update': { method: 'PUT', path: CURRENT_CHECK_IN_PATH },
} as const;

export type CommandKind = keyof typeof COMMAND_ROUTES;
export type CommandMethod = (typeof COMMAND_ROUTES)[CommandKind]['method'];

const pathPattern = (path: string) => new RegExp(`^${API_PREFIX}${path}/?$`);
const SOS_PATH = pathPattern(ACTIVE_BUTTON_PATH);
const CHECK_INS = pathPattern(CHECK_INS_PATH);
const CURRENT_CHECK_IN = pathPattern(CURRENT_CHECK_IN_PATH);

/**
 * Which queued command a request is, from its method and path (the caller checks the origin);
 * null for every other call. The SOS call is also taken as PATCH, which the API accepts too.
 */
export function commandKindOf(method: string, pathname: string): CommandKind | null {
  const upper = method.toUpperCase();
  if ((upper === 'PUT' || upper === 'PATCH') && SOS_PATH.test(pathname)) return 'sos';
  if (upper === 'POST' && CHECK_INS.test(pathname)) return 'check-in-set';
  if (upper === 'PUT' && CURRENT_CHECK_IN.test(pathname)) return 'check-in-update';
  return null;
}

// The request --------------------------------------------------------------------------------

/** The page's request of one command; http.ts adds the bearer token and the JSON headers. */
export interface CommandRequest {
  method: CommandMethod;
  /** Under /api. */
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * One command with the Idempotency-Key made for it (reused for every resend: the server answers
 * a repeat with its first answer). `queueOnly` asks the worker to keep it without trying the
 * network: the 401 policy's last step (`afterUnauthorized`).
 */
export function buildCommand(
  kind: CommandKind,
  key: string,
  body: unknown,
  { queueOnly = false }: { queueOnly?: boolean } = {},
): CommandRequest {
  const { method, path } = COMMAND_ROUTES[kind];
  const headers: Record<string, string> = { [IDEMPOTENCY_KEY_HEADER]: key };
  if (queueOnly) headers[SOS_QUEUE_ONLY_HEADER] = '1';
  return { method, path, headers, body };
}

/**
 * Headers a queued command keeps. Never Authorization: Workbox stores headers in clear text, and
 * at replay the token of the moment comes from the encrypted store (`replayRequest`).
 */
const KEPT_HEADERS = ['content-type', 'accept', IDEMPOTENCY_KEY_HEADER.toLowerCase(), 'x-csrf-token', 'x-api-token'];

/** The request as the worker queues it: method, URL, body and the kept headers; no token. */
export function queuedRequest(url: string, method: string, headers: Headers, body: string): Request {
  const kept = new Headers();
  for (const name of KEPT_HEADERS) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return new Request(url, { method, headers: kept, body });
}

/** A queued request with the token of the moment, for one replay attempt. */
export async function replayRequest(queued: Request, token: string): Promise<Request> {
  const headers = new Headers(queued.headers);
  headers.set('Authorization', `Bearer ${token}`);
  // Built afresh from the bytes rather than from the Request: no browser quirk around bodies,
  // streams and `duplex` can get in the way of a replay.
  return new Request(queued.url, { method: queued.method, headers, body: await queued.clone().arrayBuffer() });
}

// The reply ----------------------------------------------------------------------------------

/**
 * What one reply means, the same on both sides:
 * - done: the server has it (2xx; for an SOS also 409: it already did it). `data` is the body.
 * - queued: the worker's 202 `{success:true, queued:true}`: it keeps the command (pages only).
 * - not-queued: the worker's 503 `{success:false, queued:false}`: it could neither send nor keep it.
 * - refused: a body the server will never take (400, 413, 422; for a check-in also 404 'No tienes
 *   un aviso en curso' and 409 'Ya tienes un aviso en curso'), with its message (null when the
 *   body had none) and `errors` (`errors.pin` for a PIN).
 * - unauthorized: 401, see `afterUnauthorized`.
 * - retry-later: a passing failure (5xx, 429, 408) or an answer nobody expects (3xx, 403, a 404
 *   to an SOS): a proxy or a deploy causes those for a while; try again later.
 */
export type CommandReply =
  | { kind: 'done'; data: unknown }
  | { kind: 'queued' }
  | { kind: 'not-queued'; message: string | null }
  | { kind: 'refused'; status: number; message: string | null; errors: Record<string, string[]> }
  | { kind: 'unauthorized' }
  | { kind: 'retry-later'; status: number; message: string | null };

export function readCommandReply(kind: CommandKind, status: number, data: unknown): CommandReply {
  const checkIn = kind !== 'sos';
  if (status === 202 && isRecord(data) && data.success === true && data.queued === true && isString(data.message)) {
    return { kind: 'queued' };
  }
  if (status === 503 && isRecord(data) && data.success === false && data.queued === false) {
    return { kind: 'not-queued', message: messageOf(data) };
  }
  if ((status >= 200 && status < 300) || (status === 409 && !checkIn)) return { kind: 'done', data };
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 400 || status === 413 || status === 422 || (checkIn && (status === 404 || status === 409))) {
    return { kind: 'refused', status, message: messageOf(data), errors: errorsOf(data) };
  }
  return { kind: 'retry-later', status, message: messageOf(data) };
}

/**
 * The worker's live attempt (its queue empty): a reply that is a passing failure is queued
 * instead of passed to the page. Any other reply, expected or not, goes to the page as it came.
 */
export function isPassingFailure(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/** A reply status, or no reply at all (offline, DNS, reset, timeout). */
export type ReplayOutcome = number | 'network-error';

/**
 * What a replayed reply does to the queued entry:
 * - done: remove it and tell the pages;
 * - refresh: a 401, see `afterUnauthorized`;
 * - keep: leave it at the front and stop this round (no reply, retry-later); entries still
 *   expire after 7 days, loudly;
 * - reject: refused; kept, it would block every later command (an ended alert behind it) for 7
 *   days, so it is removed and kept in the pages' view until they acknowledge it.
 * A refused check-in's 409 is done: the server holds a running check-in, which is what the
 * command asked for, and a replay has nobody waiting on its answer.
 */
export type ReplayDecision = 'done' | 'refresh' | 'keep' | 'reject';

export function replayDecision(kind: CommandKind, outcome: ReplayOutcome): ReplayDecision {
  if (outcome === 'network-error') return 'keep';
  const reply = readCommandReply(kind, outcome, undefined);
  switch (reply.kind) {
    case 'done':
      return 'done';
    case 'unauthorized':
      return 'refresh';
    case 'refused':
      return outcome === 409 ? 'done' : 'reject';
    default:
      return 'keep';
  }
}

// The 401 policy -----------------------------------------------------------------------------

/**
 * A 401 on a queued command, page or worker alike: refresh the session once and resend. A 401
 * after that is not cured without the person: the command is kept (the page hands it to the
 * worker marked queue-only; the worker keeps it at the front) until they sign in again, never
 * dropped and never sent under someone else's token. The page ends the session only once the
 * command is kept, or nobody could keep it.
 */
export type UnauthorizedStep = 'refresh-and-resend' | 'keep-until-sign-in';

export function afterUnauthorized({ refreshed }: { refreshed: boolean }): UnauthorizedStep {
  return refreshed ? 'keep-until-sign-in' : 'refresh-and-resend';
}

function messageOf(data: unknown): string | null {
  const message = isRecord(data) ? data.message : undefined;
  return isString(message) && message !== '' ? message : null;
}

function errorsOf(data: unknown): Record<string, string[]> {
  if (!isRecord(data) || !isRecord(data.errors)) return {};
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(data.errors)) {
    if (Array.isArray(messages)) errors[field] = messages.filter(isString);
  }
  return errors;
}
