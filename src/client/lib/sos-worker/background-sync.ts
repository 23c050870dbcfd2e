import { useEffect, useState } from 'react';
import { hasServiceWorkerSupport } from './post-to-worker.ts';

// Whether the browser will send what the worker queued with the app closed (Background Sync).
// iPhones have no SyncManager; some Chromium builds have one that refuses every registration
// ("Background Sync is disabled"). Only a registration tells them apart, so the page makes one
// of a tag of its own, which the worker's queue ignores (it listens to its own tag only).

const PROBE_TAG = 'background-sync-probe';

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asked once per worker container (tests swap it). */
let probed: { container: ServiceWorkerContainer; supported: Promise<boolean> } | undefined;

async function probe(container: ServiceWorkerContainer): Promise<boolean> {
  const registration = (await container.ready) as ServiceWorkerRegistration & SyncRegistration;
  if (!registration.sync) return false;
  try {
    await registration.sync.register(PROBE_TAG);
    return true;
  } catch {
    return false;
  }
}

/** The same answer outside a render (an end on its way home): false without a controlling worker. */
export function hasBackgroundSync(): Promise<boolean> {
  if (!hasServiceWorkerSupport() || navigator.serviceWorker.controller === null) return Promise.resolve(false);
  const container = navigator.serviceWorker;
  if (probed?.container !== container) probed = { container, supported: probe(container) };
  return probed.supported;
}

/** true or false once known; null until then, and always without a service worker. */
export function useBackgroundSync(): boolean | null {
  const [known, setKnown] = useState<boolean | null>(null);
  useEffect(() => {
    if (!hasServiceWorkerSupport() || navigator.serviceWorker.controller === null) return;
    let current = true;
    void hasBackgroundSync().then((supported) => {
      if (current) setKnown(supported);
    });
    return () => {
      current = false;
    };
  }, []);
  return known;
}
