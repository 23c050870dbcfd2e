import { ALERT_END } from '#shared/alert-status.ts';
import { track } from '#client/lib/analytics.ts';
import { expireSession } from '#client/lib/session/session-expiry.ts';
import { setAuthStoredFirst } from '#client/lib/session/session-store.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { newIdempotencyKey } from '#client/lib/idempotency-key.ts';
import { hasBackgroundSync } from '#client/lib/sos-worker/background-sync.ts';
import { getHeldView, submitSos, type SubmitResult } from '#client/features/sos/press/page-queue.ts';
import { getPressState, resetPressState, setPressState } from '#client/features/sos/press/press-state.ts';
import { SIGN_IN_TO_SEND, type GoTo } from '#client/features/sos/press/press-sos.ts';
import { sosRequest } from '#client/features/sos/press/sos-request.ts';
import { showEndNews, showEndNewsWhenSent } from './end-news.ts';
import { settledWithin } from '#shared/settled-within.ts';

/**
 * An end kept on this phone for signal: what is known, and nothing about the contacts yet. An end
 * that reaches the server with the start it withdraws tells nobody (docs/decisions/049); what did
 * happen is said when the server answers.
 */
export const END_WAITS_FOR_SIGNAL =
  'Sin conexión: el fin de tu alerta quedó guardado en este teléfono y se enviará en cuanto haya señal. Entonces te diremos si tus contactos recibieron algo.';
/**
 * The same end where only the open app sends it (no Background Sync: every iPhone; or this page
 * holds it): closed, it stays on the phone. Every answer the end brings starts «Tu alerta terminó».
 */
export const END_KEEP_APP_OPEN =
  'Sin conexión: el fin de tu alerta quedó guardado en este teléfono. Mantén la aplicación abierta hasta que diga «Tu alerta terminó»: cerrada, no se envía.';
/** The same end held by this page, which could not store it (a full or broken storage). */
export const END_UNSTORED_KEEP_APP_OPEN =
  'Sin conexión: no se pudo guardar el fin de tu alerta en este teléfono. Mantén la aplicación abierta hasta que diga «Tu alerta terminó»: si la cierras, se pierde.';
export const END_FAILED = 'No pudimos finalizar la alerta. Revisa tu conexión e inténtalo de nuevo.';

/** The keep-open line stays until the end is sent (it is dismissed then) or the person closes it. */
const UNTIL_SENT_MS = 24 * 60 * 60 * 1000;

/** The longest home waits for the Background Sync answer (known by now, asked by the alert screen). */
const SYNC_ANSWER_MS = 500;

/** Whether this phone sends a queued end with the app closed; unknown in time counts as no (the safer words). */
function backgroundSyncSoon(): Promise<boolean> {
  return settledWithin(
    hasBackgroundSync().catch(() => false),
    SYNC_ANSWER_MS,
    false,
  );
}

/** The longest a stuck IndexedDB (or a held session lock) may keep home from showing after the end. */
const STORE_BEFORE_HOME_MS = 1000;

/** true: ended (or on its way); false: nobody could take it; a string: the PIN was refused ('PIN incorrecto.'). */
export type EndResult = boolean | string;

/**
 * FINALIZAR ALERTA: '2' with a key of its own, by the same path as the press,
 * so it never overtakes it. Sent or kept (by the worker or this page) counts as
 * done. Resolves false when nobody could take it (the alert stays on). With
 * PINs set it carries the PIN typed; the duress PIN is answered exactly like
 * the real one, so this screen behaves the same for both.
 */
export async function endAlert(goTo: GoTo, pin?: string): Promise<EndResult> {
  const request = sosRequest(newIdempotencyKey(), ALERT_END, new Date(), null);
  if (pin) request.body = { ...request.body, pin };
  // No position update may follow the end: queued behind it, the server would take it for a new
  // press and e-mail every contact again. Allowed again if the end could not leave.
  const { positionSent } = getPressState();
  setPressState({ positionSent: true });
  const result = await submitSos(request).catch((): SubmitResult => ({ kind: 'failed', message: '' }));
  if (result.kind === 'failed') {
    setPressState({ positionSent });
    return result.pinError ?? false;
  }

  // Stored before home shows: an app closed or reloaded the moment home appears must reopen on
  // home, not on the alert screen of the alert that just ended.
  await setAuthStoredFirst({ alert_status: false }, STORE_BEFORE_HOME_MS);
  resetPressState();
  track('panic_deactivate');
  if (result.kind !== 'done' && result.signedOut) {
    showToast({ message: SIGN_IN_TO_SEND, variant: 'warning', screen: '/web/auth/signin' });
    expireSession();
    return true;
  }
  if (result.kind !== 'done') {
    // As the alert screen says of a queued alert: where nothing sends it with the app closed.
    const keepOpen = result.kind === 'held' || !(await backgroundSyncSoon());
    const unstored = result.kind === 'held' && !getHeldView().stored;
    const waiting = showToast({
      message: unstored ? END_UNSTORED_KEEP_APP_OPEN : keepOpen ? END_KEEP_APP_OPEN : END_WAITS_FOR_SIGNAL,
      variant: 'info',
      screen: '/web/home',
      ...(keepOpen ? { durationMs: UNTIL_SENT_MS } : {}),
    });
    showEndNewsWhenSent(request, result.kind === 'queued' ? 'worker' : 'page', waiting);
  } else showEndNews(result.told, '/web/home');
  goTo('/web/home');
  return true;
}
