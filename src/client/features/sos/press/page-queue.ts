import { useSyncExternalStore } from 'react';
import { createStore } from '#client/lib/create-store.ts';
import { getSessionState, subscribeSession } from '#client/lib/session/session-store.ts';
import { isSessionValid } from '#client/lib/session/session-validity.ts';
import { addRejectedSos } from '#client/lib/sos-worker/sos-queue-store.ts';
import { putActiveButton, type ReplyEndNews, type SosReply } from './put-active-button.ts';
import { readHeld, writeHeld, type HeldSos } from './held-storage.ts';
import { SOS_RETRY_MS } from '#shared/browser/sos-retry.ts';
import { SOS_NETWORK_TIMEOUT_MS } from '#shared/constants.ts';
import { settledWithin } from '#shared/settled-within.ts';

/**
 * Every SOS request of this page goes through here, one at a time and in press
 * order, so an end ('2') or a position update never overtakes the start ('1')
 * on the way to the worker or the server.
 *
 * Normally the service worker answers (sent, or 202 queued). When no worker
 * controls the page (the very first load before it claims the page, a browser
 * or in-app browser without service workers) and the network fails, the page
 * holds the request itself (also when the network has not answered within the
 * worker's own limit): encrypted in IndexedDB, resent with the same
 * Idempotency-Key on `online`, on return to the foreground, when a worker takes
 * control, after a sign-in and on a backoff timer, and again whenever the app
 * is opened. Later requests wait behind held ones.
 */

export type SosRequest = HeldSos;

/**
 * - done: the server has it; queued: the worker has it;
 * - held: this page has it and keeps trying (`signedOut`: only after a new sign-in);
 * - failed: nobody has it (the person must use the SMS fallback or press again).
 */
export type SubmitResult =
  | { kind: 'done'; told?: ReplyEndNews }
  | { kind: 'queued'; signedOut: boolean }
  | { kind: 'held'; signedOut: boolean }
  | { kind: 'failed'; message: string; pinError?: string };

export interface HeldView {
  count: number;
  /** Epoch ms of the oldest held request, null when none. */
  oldestQueuedAt: number | null;
  needsSignIn: boolean;
  /** Whether they are on disk: a broken or full storage leaves them in memory, lost if the page closes. */
  stored: boolean;
  /** Whether what an earlier visit left on disk has been read: until then, nothing is known to wait or not. */
  restored: boolean;
}

type SettledListener = (key: string, reply: Settled) => void;
const settledListeners = new Set<SettledListener>();

/** Tells when a held request finally went (sent, queued by a worker, or refused). */
export function onHeldSettled(listener: SettledListener): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

let held: SosRequest[] = [];
let needsSignIn = false;
let restored = false;
const view = createStore<HeldView>(() => ({
  count: 0,
  oldestQueuedAt: null,
  needsSignIn: false,
  stored: true,
  restored,
}));
let retryStep = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

// The first turn of the lane restores what an earlier visit could not send.
let lane: Promise<unknown> = restore();

let underWay = 0;

/** A request sent with no worker in between that outlived the network limit: the server may still answer it. */
let late: Promise<void> | undefined;

export function submitSos(request: SosRequest): Promise<SubmitResult> {
  underWay += 1;
  const turn = lane
    .then(() => submitInLane(request))
    .finally(() => {
      underWay -= 1;
    });
  lane = turn.catch(() => undefined);
  return turn;
}

/** Whether a request of this page has been handed over and not answered yet (the server's view may not include it). */
export function hasSosUnderWay(): boolean {
  return underWay > 0;
}

async function submitInLane(request: SosRequest): Promise<SubmitResult> {
  if (held.some((waiting) => waiting.userId === request.userId)) {
    await hold(request, false);
    const reply = (await flushInLane()).get(request.key);
    return reply ? resultOf(reply) : { kind: 'held', signedOut: needsSignIn };
  }
  const reply = await withinNetworkLimit(putActiveButton(request.key, request.body));
  if (reply.kind === 'no-reply' || reply.kind === 'signed-out') {
    await hold(request, reply.kind === 'signed-out');
    return { kind: 'held', signedOut: reply.kind === 'signed-out' };
  }
  return resultOf(reply);
}

/**
 * A worker gives the network SOS_NETWORK_TIMEOUT_MS, then keeps the request and says so; with no
 * worker in between the page does the same, so on a network that neither answers nor fails the
 * person learns within the same seconds that the alert waits on the phone, and gets the SMS.
 * The request is not cancelled: once it settles, the held copy (same Idempotency-Key) goes, or
 * learns that the server already has it.
 */
async function withinNetworkLimit(sending: Promise<SosReply>): Promise<SosReply> {
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) return sending;
  const first = await settledWithin(sending, SOS_NETWORK_TIMEOUT_MS, 'late' as const);
  if (first !== 'late') return first;
  const onItsWay: Promise<void> = sending.then(settle, settle).then(() => {
    if (late === onItsWay) late = undefined;
    retryNow();
  });
  late = onItsWay;
  return { kind: 'no-reply' };
}

const settle = (): void => undefined;

/** A reply that decided the request's fate. */
type Settled = Exclude<SosReply, { kind: 'no-reply' | 'signed-out' }>;

function resultOf(reply: Settled): SubmitResult {
  // The worker's 503 says it all; a refusal from the server only says what was wrong with the request.
  if (reply.kind === 'not-queued') return { kind: 'failed', message: reply.message };
  if (reply.kind === 'refused' && reply.pinError)
    return { kind: 'failed', message: reply.pinError, pinError: reply.pinError };
  if (reply.kind === 'refused') {
    return {
      kind: 'failed',
      message: `No pudimos enviar tu alerta: ${reply.message.replace(/\.?$/, '.')} Envía un SMS a tus contactos.`,
    };
  }
  return reply;
}

async function hold(request: SosRequest, signedOut: boolean): Promise<void> {
  listenForWorker();
  held.push(request);
  needsSignIn ||= signedOut;
  await save();
  if (!needsSignIn) scheduleRetry();
}

/**
 * Sends the held requests of the person signed in now, oldest first, stopping at
 * the first that still cannot go. Someone else's wait for them to sign in.
 */
async function flushInLane(): Promise<Map<string, Settled>> {
  const outcomes = new Map<string, Settled>();
  // Not beside a request still on its way: it is resent once that one settles.
  while (late === undefined) {
    const { auth } = getSessionState();
    const next = held.find((request) => request.userId === auth.id);
    if (!next) break;
    if (!isSessionValid(auth)) {
      needsSignIn = true;
      break;
    }
    const reply = await putActiveButton(next.key, next.body);
    if (reply.kind === 'no-reply' || reply.kind === 'not-queued') break;
    if (reply.kind === 'signed-out') {
      needsSignIn = true;
      break;
    }
    needsSignIn = false;
    held = held.filter((request) => request !== next);
    outcomes.set(next.key, reply);
    for (const listener of settledListeners) listener(next.key, reply);
    if (reply.kind === 'refused') {
      addRejectedSos({
        idempotencyKey: next.key,
        alert_status: next.body.alert_status,
        queuedAt: next.queuedAt,
        reason: 'invalid',
        status: reply.status,
        message: reply.message,
        rejectedAt: Date.now(),
      });
    }
  }
  if (held.length === 0) retryStep = 0;
  await save();
  if (!needsSignIn) scheduleRetry();
  return outcomes;
}

function flush(): void {
  lane = lane.then(flushInLane).catch(() => undefined);
}

function scheduleRetry(): void {
  const { id } = getSessionState().auth;
  if (retryTimer !== undefined || !held.some((request) => request.userId === id)) return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    retryStep = Math.min(retryStep + 1, SOS_RETRY_MS.length - 1);
    flush();
  }, SOS_RETRY_MS[retryStep]);
}

/** Something changed for the better (network, worker, session): try at once, and back off from the start. */
function retryNow(): void {
  if (held.length === 0) return;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retryStep = 0;
  flush();
}

async function save(): Promise<void> {
  // On disk first (a strict write: held-storage.ts), then on screen: the alert screen says
  // 'Guardado en este teléfono' from this view, and a phone may die the moment it shows.
  // A broken IndexedDB still leaves the requests in memory, retried while the page is open.
  const stored = await writeHeld(held).then(
    () => true,
    () => false,
  );
  const mine = held.filter((request) => request.userId === getSessionState().auth.id);
  view.set({
    count: mine.length,
    oldestQueuedAt: mine[0]?.queuedAt ?? null,
    needsSignIn: needsSignIn && mine.length > 0,
    stored,
    restored,
  });
}

let workerContainer: ServiceWorkerContainer | undefined;

/** A worker that takes control (its first install claims the page) can keep what this page holds. */
function listenForWorker(): void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container || container === workerContainer) return;
  workerContainer = container;
  container.addEventListener('controllerchange', retryNow);
}

async function restore(): Promise<void> {
  const stored = await readHeld().catch(() => []);
  const known = new Set(held.map((request) => request.key));
  held = [...stored.filter((request) => !known.has(request.key)), ...held];
  restored = true;
  if (held.length === 0) return view.set({ ...view.get(), restored });
  listenForWorker();
  await save();
  flush();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', retryNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') retryNow();
  });
  let signedIn = isSessionValid(getSessionState().auth);
  subscribeSession(() => {
    const now = isSessionValid(getSessionState().auth);
    if (now && !signedIn) retryNow();
    signedIn = now;
  });
}

export const getHeldView = view.get;

export function useHeldView(): HeldView {
  return useSyncExternalStore(view.subscribe, view.get, view.get);
}

/** Tests: forget everything held, in memory and on disk. */
export async function resetPageQueue(): Promise<void> {
  await lane;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retryStep = 0;
  held = [];
  needsSignIn = false;
  late = undefined;
  await save();
}
