import { ALERT_END } from '#shared/alert-status.ts';
import { getSessionState, setAuthStoredFirst } from '#client/lib/session/session-store.ts';
import { isSessionValid } from '#client/lib/session/session-validity.ts';
import { hasServiceWorkerSupport, postToWorker } from '#client/lib/sos-worker/post-to-worker.ts';
import { getSosQueueView, subscribeSosQueue } from '#client/lib/sos-worker/sos-queue-store.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { getHeldView, hasSosUnderWay } from './page-queue.ts';
import { getPressState, resetPressState, type PressState } from './press-state.ts';

// The server is the truth about an alert this phone is not still sending: an alert ended on
// another device (or ended here by an app closed before it stored the end) must not keep the
// alert screen up, and an alert the server has must not hide behind home. While a request of
// this phone waits (held by the page, queued by the worker, or on its way), the phone's own
// alert_status stands: the server has not heard it yet.

export const ALERT_ALREADY_ENDED = 'Tu alerta ya estaba finalizada.';

/** How long the worker may take to say what it holds before the check gives up (and trusts the phone). */
const WORKER_STATUS_WAIT_MS = 3000;
/** The longest a stuck IndexedDB may keep the screen from following the server. */
const STORE_BEFORE_SCREEN_MS = 1000;

type Screen = '/web/active' | '/web/home';

export interface AlertReconcileDeps {
  /** The path shown now. */
  path(): string;
  goTo(to: Screen): void;
  /** The server's alert_status for the signed-in person; rejects when it cannot tell. */
  askServer(): Promise<boolean>;
}

let navigation: AlertReconcileDeps | undefined;
let running: Promise<void> | undefined;

function workerControls(): boolean {
  return hasServiceWorkerSupport() && navigator.serviceWorker.controller !== null;
}

/** Resolves true once the worker (if one controls the page) has said what its queue holds. */
function workerStatusKnown(): Promise<boolean> {
  if (!workerControls() || getSosQueueView().status !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (known: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(known);
    };
    const unsubscribe = subscribeSosQueue(() => {
      if (getSosQueueView().status !== null) done(true);
    });
    const timer = setTimeout(() => done(false), WORKER_STATUS_WAIT_MS);
    // The message's type as a literal, checked against SosPageMessage: sos-messages.ts would bring valibot.
    void postToWorker({ type: 'sos-status' }).catch(() => undefined);
  });
}

/** Something of this phone the server may not have seen yet. */
function phoneIsSending(): boolean {
  return (
    getPressState().phase === 'sending' ||
    hasSosUnderWay() ||
    getHeldView().count > 0 ||
    (getSosQueueView().status?.pending ?? 0) > 0
  );
}

interface Moment {
  userId: string;
  alertStatus: boolean;
  press: PressState;
}

function moment(): Moment {
  const { auth } = getSessionState();
  return { userId: auth.id, alertStatus: auth.alert_status, press: getPressState() };
}

/** Nothing the phone decided changed while the server was being asked: its answer still applies. */
function unchangedSince(before: Moment): boolean {
  const now = moment();
  return (
    now.userId === before.userId &&
    now.alertStatus === before.alertStatus &&
    now.press === before.press &&
    !phoneIsSending()
  );
}

/** A path of the signed-in app (not the contacts' pages under /web/active/, not sign-in). */
function isPersonsScreen(path: string): boolean {
  return path.startsWith('/web/') && !path.startsWith('/web/auth/') && !path.startsWith('/web/active/');
}

async function check(askServer: () => Promise<boolean>): Promise<void> {
  const { auth } = getSessionState();
  if (!isSessionValid(auth) || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
  if (!(await workerStatusKnown()) || phoneIsSending()) return;
  const before = moment();
  let serverStatus: boolean;
  try {
    serverStatus = await askServer();
  } catch {
    // Unreachable or refused: the phone keeps what it knows.
    return;
  }
  if (serverStatus === before.alertStatus || !unchangedSince(before)) return;
  await setAuthStoredFirst({ alert_status: serverStatus }, STORE_BEFORE_SCREEN_MS);
  // A press or an end made while it was being stored decides instead.
  if (getSessionState().auth.alert_status !== serverStatus || getPressState() !== before.press) return;
  const path = navigation?.path() ?? '';
  if (serverStatus) {
    if (isPersonsScreen(path)) navigation?.goTo('/web/active');
    return;
  }
  resetPressState();
  if (path === '/web/active' || path === '/web/active/') {
    showToast({ message: ALERT_ALREADY_ENDED, variant: 'info', screen: '/web/home' });
    navigation?.goTo('/web/home');
  }
}

/**
 * Asks the server for the person's alert_status and follows it when nothing of this phone
 * waits to be sent. One check at a time; a check asked for meanwhile joins the running one.
 */
export function checkAlertWithServer(): Promise<void> {
  const askServer = navigation?.askServer;
  if (!askServer) return Promise.resolve();
  running ??= check(askServer).finally(() => {
    running = undefined;
  });
  return running;
}

/**
 * An end ('2') the worker kept and the server then refused (a wrong PIN typed offline): the
 * alert is still on, so the server is asked again at once and the alert screen comes back,
 * where the refusal is shown. Calls `onRefusedEnd` once per refused end the worker reports.
 */
function watchRefusedEnds(onRefusedEnd: () => void): () => void {
  const seen = new Set(getSosQueueView().rejected.map((entry) => entry.idempotencyKey));
  return subscribeSosQueue(() => {
    let fresh = false;
    for (const entry of getSosQueueView().rejected) {
      if (seen.has(entry.idempotencyKey)) continue;
      seen.add(entry.idempotencyKey);
      if (entry.alert_status === ALERT_END && entry.reason === 'invalid') fresh = true;
    }
    if (fresh) onRefusedEnd();
  });
}

/**
 * Started once the app shows its first screen: checks now, when the network comes back, when
 * the app comes to the front and when the worker reports a refused end. Returns the stop.
 */
export function startAlertReconcile(nav: AlertReconcileDeps): () => void {
  navigation = nav;
  const onOnline = () => void checkAlertWithServer();
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void checkAlertWithServer();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisibility);
  // A check already running may have skipped while the end still waited: the one after it asks again.
  const stopWatching = watchRefusedEnds(() => void (running ?? Promise.resolve()).then(checkAlertWithServer));
  void checkAlertWithServer();
  return () => {
    if (navigation === nav) navigation = undefined;
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisibility);
    stopWatching();
  };
}
