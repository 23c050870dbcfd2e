import { createStore } from '#client/lib/create-store.ts';

/** Chromium's install offer; not in TypeScript's DOM types (it is not a standard). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

const captured = createStore<BeforeInstallPromptEvent | null>(() => null);
let capturing = false;
const keep = captured.set;

/**
 * Called first thing in main.tsx: Chromium fires `beforeinstallprompt` once per
 * page load, often before the restored session lets home render its button.
 */
export function captureInstallPrompt(): void {
  if (capturing) return;
  capturing = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keeps Chrome's own install bar away: home's button offers the install instead.
    event.preventDefault();
    keep(event as BeforeInstallPromptEvent);
  });
  // Installed from the browser's menu or address bar: nothing left to offer.
  window.addEventListener('appinstalled', () => keep(null));
}

export const getInstallPrompt = captured.get;

/** A prompt can be shown only once: after the answer it is spent. */
export function clearInstallPrompt(): void {
  keep(null);
}

export const subscribeToInstallPrompt = captured.subscribe;
