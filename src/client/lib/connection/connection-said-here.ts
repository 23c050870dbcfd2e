import { useLayoutEffect, useSyncExternalStore } from 'react';
import { createStore } from '../create-store.ts';

// A screen that says itself what a lost connection means for it (the alert screen: 'Sin conexión:
// tu alerta se enviará…', or that the alert was already sent) registers here while it is shown, and
// the offline banner at the top gives way: the same news said twice, one of them out of date on
// that screen ('tu alerta se enviará' over an alert already sent), is worse than once.

const screens = createStore<ReadonlySet<symbol>>(() => new Set());

/** Called by a screen that says, while it is shown, what no network means for it. */
export function useSayConnectionHere(): void {
  // Before paint: the banner never shows for a frame over a screen that says it itself.
  useLayoutEffect(() => {
    const screen = Symbol('screen');
    screens.set(new Set([...screens.get(), screen]));
    return () => screens.set(new Set([...screens.get()].filter((other) => other !== screen)));
  }, []);
}

/** Whether the screen shown says itself what no network means (the offline banner then stays away). */
export function useConnectionSaidHere(): boolean {
  return useSyncExternalStore(
    screens.subscribe,
    () => screens.get().size > 0,
    () => false,
  );
}
