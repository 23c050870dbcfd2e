import { STORAGE_KEY, VERSION_MARKER_KEY } from '#shared/constants.ts';
import { clearAppState } from '#shared/browser/clear-app-state.ts';

/**
 * SPEC.md section 4: state written by another version of the app is dropped at
 * start. Only our own stores go: the SOS queue (`workbox-background-sync`) and
 * the device key stay.
 */
export async function applyVersionMarker(): Promise<void> {
  if (localStorage.getItem(VERSION_MARKER_KEY) === STORAGE_KEY) return;
  localStorage.clear();
  await clearAppState();
  localStorage.setItem(VERSION_MARKER_KEY, STORAGE_KEY);
}
