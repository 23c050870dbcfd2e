// The service worker entry only wires the pieces; each lives in its own module.
import { routeAppShell } from './app-shell.ts';
import { handleLifecycle } from './lifecycle.ts';
import { handlePushNotifications } from './push-notifications.ts';
import { handleSosQueue } from './sos-worker.ts';
import { makeWritesStrict } from './strict-writes.ts';

// Before anything stores: what the worker reports as kept must survive a killed browser.
makeWritesStrict();
handleLifecycle();
// First, so a queued SOS is replayed as early as the worker starts.
handleSosQueue();
routeAppShell();
handlePushNotifications();
