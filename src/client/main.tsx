import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { captureInstallPrompt } from './features/install/install-prompt.ts';
import { trackPageViews } from './lib/page-views.ts';
import { clearQueryCache, createQueryClient, restoreQueryCache } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/register-service-worker.ts';
import { onSessionExpired } from './lib/session/session-expiry.ts';
import { getSessionState, restoreSession } from './lib/session/session-store.ts';
import { isSessionValid } from './lib/session/session-validity.ts';
import { startSlidingSession } from './lib/session/sliding-session.ts';
import { holdWorkerMessages } from './lib/sos-worker/early-messages.ts';
import { hasServiceWorkerSupport } from './lib/sos-worker/post-to-worker.ts';
import { hideSplash, withRestoreTimeout } from './lib/splash.ts';
import { loadTagManager } from './lib/tag-manager.ts';
import { applyVersionMarker } from './lib/version-marker.ts';
import { createAppRouter } from './router.ts';
import './styles/base.css';

async function start() {
  // First, before anything awaits: the worker's messages (rotated tokens, queue status) must find a listener.
  holdWorkerMessages();
  // Chromium offers the install once per load, maybe before home renders its button.
  captureInstallPrompt();
  registerServiceWorker();
  const queryClient = createQueryClient();
  await withRestoreTimeout(
    applyVersionMarker().then(() => Promise.all([restoreSession(), restoreQueryCache(queryClient)])),
  );
  // A cache left by a session that has since lapsed is not for whoever signs in next.
  // Not awaited: a stuck IndexedDB must not hold the app back (the memory is cleared at once).
  if (!isSessionValid(getSessionState().auth)) void clearQueryCache(queryClient);

  const router = createAppRouter({ queryClient });
  onSessionExpired(() => {
    // The cached contacts belong to the session that just ended.
    void clearQueryCache(queryClient);
    void router.navigate({ to: '/web/auth/signin', replace: true });
  });
  trackPageViews(router);
  startSlidingSession();
  // Resolving the first route (and its code chunk) under the splash avoids a blank flash.
  await router.load().catch(() => undefined);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  requestAnimationFrame(hideSplash);
  // The operator's analytics, if any: after the first screen, which must not wait on another site.
  loadTagManager();
  // After the first paint, and once a service worker is active: the SOS queue's messages and replay
  // triggers. Until then there is no queue to talk to and no chunk to fetch (home's download budget);
  // afterwards the chunk comes from the worker's cache, and what it said meanwhile waits in early-messages.ts.
  if (hasServiceWorkerSupport()) {
    void navigator.serviceWorker.ready
      .then(() => import('./lib/sos-worker/sos-worker-bridge.ts'))
      .then(({ startSosWorkerBridge }) => startSosWorkerBridge(), () => undefined);
  }
}

void start();
