import * as v from 'valibot';
import { ALERT_END, ALERT_START } from '#shared/alert-status.ts';
import {
  SOS_REPLAY,
  SOS_SESSION_UPDATED,
  SOS_STATUS,
  sosWorkerMessageSchema,
  type SosQueueStatus,
} from '#shared/browser/sos-messages.ts';
import { adoptStoredTokens, getSessionState, setAuth, subscribeSession } from '../session/session-store.ts';
import { isSessionValid } from '../session/session-validity.ts';
import { takeHeldWorkerMessages } from './early-messages.ts';
import { hasServiceWorkerSupport, postToWorker } from './post-to-worker.ts';
import { getSosQueueView, receiveSosStatus } from './sos-queue-store.ts';
import { SOS_RETRY_MS } from '#shared/browser/sos-retry.ts';

/**
 * The page's side of the SOS queue protocol (src/shared/browser/sos-messages.ts),
 * started by main.tsx once the first screen is painted and a worker is active
 * (what came before waits in early-messages.ts, so no worker message is missed): it keeps the
 * latest queue status, takes the tokens the worker rotated, and asks for replays
 * where Background Sync is missing (Safari, iOS, Firefox): on `online`, when the
 * app comes to the front, after a sign-in and on a backoff timer.
 */
export function startSosWorkerBridge(): () => void {
  if (!hasServiceWorkerSupport()) return () => undefined;
  const container = navigator.serviceWorker;
  let step = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let signedIn = isSessionValid(getSessionState().auth);
  // Set while the worker holds requests only a new sign-in can send (cleared once one arrives).
  let waitingForSignIn = false;

  const replay = () => void postToWorker({ type: SOS_REPLAY }).catch(() => undefined);
  const askStatus = () => void postToWorker({ type: SOS_STATUS }).catch(() => undefined);

  function pending(): number {
    return getSosQueueView().status?.pending ?? 0;
  }

  function schedule(): void {
    if (timer !== undefined || pending() === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      step = Math.min(step + 1, SOS_RETRY_MS.length - 1);
      replay();
      schedule();
    }, SOS_RETRY_MS[step]);
  }

  function resetBackoff(): void {
    clearTimeout(timer);
    timer = undefined;
    step = 0;
  }

  function onStatus(status: SosQueueStatus): void {
    receiveSosStatus(status);
    if (status.needsSignIn) waitingForSignIn = true;
    followDelivery(status);
    if (status.pending === 0) resetBackoff();
    else schedule();
  }

  /**
   * An alert that waited for a sign-in reached the server: the session that
   * signed in after it did not know of it yet, so the alert screen comes back.
   * Not when an end ('2') is still queued behind it.
   */
  function followDelivery(status: SosQueueStatus): void {
    if (!waitingForSignIn || status.delivered?.alert_status !== ALERT_START) return;
    waitingForSignIn = status.needsSignIn;
    const { auth } = getSessionState();
    if (auth.alert_status || !isSessionValid(auth)) return;
    if (status.queued.some((entry) => entry.alert_status === ALERT_END)) return;
    setAuth({ alert_status: true });
  }

  function receive(data: unknown): void {
    const parsed = v.safeParse(sosWorkerMessageSchema, data);
    if (!parsed.success) return;
    if (parsed.output.type === SOS_SESSION_UPDATED) void adoptStoredTokens();
    else onStatus(parsed.output);
  }

  function onMessage(event: MessageEvent): void {
    receive(event.data);
  }

  function onOnline(): void {
    resetBackoff();
    replay();
    schedule();
  }

  function onVisibility(): void {
    if (document.visibilityState === 'visible') replay();
  }

  container.addEventListener('message', onMessage);
  // Those that came before this module loaded (main.tsx held them), in order.
  for (const data of takeHeldWorkerMessages()) receive(data);
  // The first install claims the page: from then on there is a queue to ask about.
  container.addEventListener('controllerchange', askStatus);
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisibility);
  const unsubscribe = subscribeSession(() => {
    const now = isSessionValid(getSessionState().auth);
    if (now && !signedIn) replay();
    signedIn = now;
  });
  askStatus();
  // Opening the app is a chance to deliver, also where no Background Sync exists.
  if (signedIn) replay();

  return () => {
    resetBackoff();
    container.removeEventListener('message', onMessage);
    container.removeEventListener('controllerchange', askStatus);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisibility);
    unsubscribe();
  };
}
