// A press of the early home's SOS button (index.html, before the app runs) is
// written by the page's first script (vite-plugins/early-home.ts) on the <html>
// element, which the app's first render leaves in place: the SOS button takes
// it when it mounts, and the app drops it after its first frame if home was not
// that frame (the stored session had ended, or an alert was already on).

/** `data-sos-pressed-at`: the press's epoch milliseconds. */
export const EARLY_PRESS_DATASET_KEY = 'sosPressedAt';

/** A press older than this was not made on this start of the app (a clock moved, a page kept in memory). */
const EARLY_PRESS_MAX_AGE_MS = 60_000;

/** The early home's press, once: whoever takes it is the only one to see it. */
export function takeEarlySosPress(now: number = Date.now()): Date | undefined {
  const dataset = document.documentElement.dataset;
  const at = Number(dataset[EARLY_PRESS_DATASET_KEY]);
  delete dataset[EARLY_PRESS_DATASET_KEY];
  return Number.isInteger(at) && at <= now && now - at <= EARLY_PRESS_MAX_AGE_MS ? new Date(at) : undefined;
}

export const EARLY_PRESS_NEEDS_SIGN_IN =
  'Tu sesión expiró y tu alerta no se envió. Inicia sesión y vuelve a presionar SOS.';

/**
 * After the app's first frame: a press the SOS button did not take was made on
 * a home the stored session no longer opens. Never sent later (it would be an
 * alert nobody meant by then). Signed out, the person is told; with an alert
 * already on, its screen says all there is to say.
 */
export function dropEarlySosPress(signedIn: boolean, tell: (message: string) => void): void {
  if (takeEarlySosPress() && !signedIn) tell(EARLY_PRESS_NEEDS_SIGN_IN);
}
