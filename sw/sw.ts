// The service worker entry only wires the pieces; each lives in its own module.
import { routeAppShell } from './app-shell.ts';
import { handleLifecycle } from './lifecycle.ts';

handleLifecycle();
routeAppShell();
