import { ALERT_START } from '#shared/alert-status.ts';
import { SOS_NOT_QUEUED_MESSAGE } from '#shared/browser/sos-reply-texts.ts';
import { track } from '#client/lib/analytics.ts';
import { expireSession } from '#client/lib/session/session-expiry.ts';
import { getSessionState, setAuth, setAuthStoredFirst } from '#client/lib/session/session-store.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { getLocation } from '#client/lib/location/location-store.ts';
import { newIdempotencyKey } from '#client/lib/idempotency-key.ts';
import { onHeldSettled, submitSos, type SubmitResult } from './page-queue.ts';
import { getPressState, setPressState } from './press-state.ts';
import { sosRequest } from './sos-request.ts';

/**
 * With no answer by then, the alert screen shows anyway, saying the alert is
 * being sent (never that it was): it must be up within a second of the press
 * whatever the network does. Within SOS_NETWORK_TIMEOUT_MS the worker, or without one the page
 * (page-queue.ts), says the alert is sent or kept on the phone.
 */
export const SHOW_ALERT_SCREEN_AFTER_MS = 800;

/** The longest a slow IndexedDB may hold the alert screen back while the alert is being stored. */
const STORE_BEFORE_SCREEN_MS = 150;

export const SIGN_IN_TO_SEND = 'Tu sesión expiró. Inicia sesión para enviar tu alerta pendiente.';

export type GoTo = (to: '/web/active' | '/web/home') => void;

export interface Press {
  at: Date;
  goTo: GoTo;
}

// A press this page held (no worker, no network) went later: sent, or handed to a worker that took control.
onHeldSettled((key, reply) => {
  if (key !== getPressState().key || reply.kind === 'refused') return;
  setPressState({ phase: reply.kind === 'queued' ? 'queued' : 'sent' });
});

/** SPEC.md section 4 'Alert' and DESIGN.md section 3: one press, one request, one alert. */
export async function pressSos({ at, goTo }: Press): Promise<void> {
  // Made at the press, and reused for any resend of it.
  const key = newIdempotencyKey();
  // The best position already known; a press never waits for one.
  const { fix } = getLocation();
  setPressState({
    phase: 'sending',
    key,
    pressedAt: at.getTime(),
    hadPosition: fix !== null,
    positionSent: false,
    failure: '',
  });
  let shown: Promise<void> | undefined;
  // A phone locked or an app swiped away as soon as the alert screen shows must reopen on the
  // alert: the screen (and whatever follows alert_status, like the SOS button) comes once it is stored.
  const showAlertScreen = () =>
    (shown ??= setAuthStoredFirst({ alert_status: true }, STORE_BEFORE_SCREEN_MS).then(() => {
      if (getSessionState().auth.alert_status) goTo('/web/active');
    }));
  const timer = setTimeout(() => void showAlertScreen(), SHOW_ALERT_SCREEN_AFTER_MS);
  // Our own failure is no reason to claim anything: the person gets the SMS fallback.
  const result = await submitSos(sosRequest(key, ALERT_START, at, fix)).catch((): SubmitResult => ({
    kind: 'failed',
    message: SOS_NOT_QUEUED_MESSAGE,
  }));
  clearTimeout(timer);

  if (result.kind === 'failed') {
    setPressState({ phase: 'failed', failure: result.message });
    if (shown) {
      await shown;
      setAuth({ alert_status: false });
      goTo('/web/home');
    }
    return;
  }
  const phase = result.kind === 'done' ? 'sent' : result.kind;
  track('panic_activate');
  if (result.kind !== 'done' && result.signedOut) {
    // Kept (by the worker, or by this page) until the person signs in again; only now may the session end.
    showToast({ message: SIGN_IN_TO_SEND, variant: 'warning', screen: '/web/auth/signin' });
    // An alert screen already on its way would otherwise come after the session ended.
    await shown;
    setPressState({ phase });
    expireSession();
    return;
  }
  // The button stays 'sending' (disabled) until the alert is stored and its screen on the way:
  // a second tap in between would start a second press, and the screen would follow that one.
  await showAlertScreen();
  setPressState({ phase });
}
