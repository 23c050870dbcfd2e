// First: it starts reading the stored state before the modules below are evaluated.
import './early-restore.ts';
// Then the splash in the language of a contact's link (the first frame is index.html's Spanish).
import './lib/contact-language/shell-language.ts';
import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { dropEarlySosPress } from './features/sos/home/early-press.ts';
import { captureInstallPrompt } from './features/install/install-prompt.ts';
import { refreshAppConfig } from './lib/app-config-refresh.ts';
import { afterFirstPaint, holdUntilFirstPaint, yieldToMain } from './lib/first-paint.ts';
import { keepHomeHint } from './lib/home-hint.ts';
import { readAppConfig } from './lib/meta-tags.ts';
import { trackPageViews } from './lib/page-views.ts';
import { clearQueryCache, createQueryClient, restoreQueryCache } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/register-service-worker.ts';
import { forgetSessionOnExpiry } from './lib/forget-on-expiry.ts';
import { getSessionState, restoreSession, subscribeSession } from './lib/session/session-store.ts';
import { isSessionValid } from './lib/session/session-validity.ts';
import { startSlidingSession } from './lib/session/sliding-session.ts';
import { holdWorkerMessages } from './lib/sos-worker/early-messages.ts';
import { hasServiceWorkerSupport } from './lib/sos-worker/post-to-worker.ts';
import { hideSplash, withRestoreTimeout } from './lib/splash.ts';
import { applyVersionMarker } from './lib/version-marker.ts';
import { createAppRouter } from './router.ts';
import { showToast } from './ui/toast-store.ts';
import './styles/base.css';
// Home's look goes in the entry's stylesheet: the early home of index.html paints with it before any
// script runs, and one file compresses better than two (home's download).
import './routes/web/-components/home/main-layout.css';
import './routes/web/-components/home/home-page.css';
import './features/sos/home/sos-button.css';
import './features/sos/home/sos-home-panels.css';
import './features/contacts/contact-list/contact-list.css';
import './features/help/help-button.css';
import './routes/web/-components/home/early-home.css';

/**
 * Its layout effect runs in the commit that draws the app's first screen: the splash goes in that
 * commit (before its frame is painted, never a blank one), and what waits for the first frame
 * counts from it. Effects, like the contacts' refetch, run after that paint.
 */
function FirstCommit({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit, [onCommit]);
  return null;
}

/** Runs `run` once, as soon as the session is valid (now, or at a sign-in). */
function whenSignedIn(run: () => void): void {
  if (isSessionValid(getSessionState().auth)) return run();
  const stop = subscribeSession(() => {
    if (!isSessionValid(getSessionState().auth)) return;
    stop();
    run();
  });
}

async function start() {
  // First, before anything awaits: the worker's messages (rotated tokens, queue status) must find a listener.
  holdWorkerMessages();
  // Chromium offers the install once per load, maybe before home renders its button.
  captureInstallPrompt();
  registerServiceWorker();
  const queryClient = createQueryClient();
  const restored = withRestoreTimeout(
    applyVersionMarker().then(() => Promise.all([restoreSession(), restoreQueryCache(queryClient)])),
  );
  // Start-up runs in steps, each its own task (a slow phone stays able to paint and answer a tap):
  // this task evaluated the app's modules; the router is built in the next one.
  await yieldToMain();
  // Built while IndexedDB answers, when the main thread is idle: its guards read the session only when it loads.
  const router = createAppRouter({ queryClient });
  forgetSessionOnExpiry(queryClient, () => void router.navigate({ to: '/web/auth/signin', replace: true }));
  trackPageViews(router);
  await restored;
  // The restore's last step (the cache hydrated into memory) ran in the task that ends here.
  await yieldToMain();
  // A cache left by a session that has since lapsed is not for whoever signs in next.
  // Not awaited: a stuck IndexedDB must not hold the app back (the memory is cleared at once).
  if (!isSessionValid(getSessionState().auth)) void clearQueryCache(queryClient);
  keepHomeHint();
  startSlidingSession();
  // Resolving the first route (and its code chunk) under the splash avoids a blank flash.
  await router.load().catch(() => undefined);
  await yieldToMain();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  let markCommitted = () => {};
  const committed = new Promise<void>((resolve) => (markCommitted = resolve));
  const onFirstCommit = () => {
    hideSplash();
    markCommitted();
  };
  // What can wait (AfterFirstPaint) comes in the frame after the SOS button's.
  holdUntilFirstPaint(committed);
  const root = createRoot(container);
  // A transition: React renders the first screen in slices of a few milliseconds with a yield
  // between them, instead of one long task. Meanwhile the screen painted from the HTML (the early
  // home, whose SOS button still takes a press, or a public screen) or the splash stays; the commit
  // replaces it at once.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
        <FirstCommit onCommit={onFirstCommit} />
      </StrictMode>,
    ),
  );
  /** Runs `task` once the app's first screen has been painted. */
  const afterAppPaint = (task: () => void) => void committed.then(() => afterFirstPaint(task));
  // Home's SOS button took the early home's press in the first frame, if home was that frame.
  afterAppPaint(() =>
    dropEarlySosPress(isSessionValid(getSessionState().auth), (message) => showToast({ message, variant: 'danger' })),
  );
  // The chat link as the server has it now: the shell the worker serves carries none.
  afterAppPaint(() => void refreshAppConfig());
  // The operator's analytics, if any: after the first screen, which must not wait on another site.
  // Its code is fetched only where GTM_ID is set (home's download).
  if (readAppConfig().gtmId) {
    void import('./lib/tag-manager.ts').then(
      ({ loadTagManager }) => loadTagManager(),
      () => undefined,
    );
  }
  // After the first paint, and once a service worker is active: the SOS queue's messages and replay
  // triggers. Until then there is no queue to talk to and no chunk to fetch (home's download);
  // afterwards the chunk comes from the worker's cache, and what it said meanwhile waits in early-messages.ts.
  // Its code (with valibot) is evaluated after the SOS button is on screen, not while it is being drawn.
  const bridge = hasServiceWorkerSupport()
    ? new Promise<void>((resolve) => {
        afterAppPaint(() => {
          void navigator.serviceWorker.ready
            .then(() => import('./lib/sos-worker/sos-worker-bridge.ts'))
            .then(
              ({ startSosWorkerBridge }) => startSosWorkerBridge(),
              () => undefined,
            )
            .finally(resolve);
        });
      })
    : Promise.resolve();
  // The server's alert_status, followed where nothing of this phone waits to be sent; after the
  // bridge, which reports what the worker's queue holds. A page never claimed by a worker (the
  // first visit; a refused install) checks without it: `ready` would never settle there.
  // Only once signed in: there is no alert to follow before, and signin downloads none of its code.
  afterAppPaint(() =>
    whenSignedIn(() => {
      const started = hasServiceWorkerSupport() && navigator.serviceWorker.controller ? bridge : Promise.resolve();
      void started
        .then(() =>
          Promise.all([
            import('./features/sos/press/reconcile-alert.ts'),
            import('#client/features/sos/home/end-news-on-home.ts'),
          ]),
        )
        .then(
          ([{ startAlertReconcile }, { askAlertStatusHoldingEndNews }]) =>
            startAlertReconcile({
              path: () => router.state.location.pathname,
              goTo: (to) => void router.navigate({ to, replace: true }),
              // The same reply brings what an end sent after its page closed told the person: for home.
              askServer: askAlertStatusHoldingEndNews,
            }),
          () => undefined,
        );
    }),
  );
}

void start();
