import { useSyncExternalStore, type ReactNode } from 'react';
import { firstPaintDone } from '#client/lib/first-paint.ts';

/**
 * Its children come one frame after the app's first, which belongs to the SOS button (lib/first-paint.ts):
 * all of them with the release, however late each one's effects would have run on a slow phone.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useSyncExternalStore(firstPaintDone.subscribe, firstPaintDone.get) ? children : null;
}
