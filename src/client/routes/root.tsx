import {
  CatchBoundary,
  createRootRouteWithContext,
  lazyRouteComponent,
  Outlet,
  useRouterState,
} from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useAppUpdate } from '#client/features/app-update/use-app-update.ts';
import { OfflineBanner } from '#client/features/offline/offline-banner.tsx';
import { watchUnsavedInput } from '#client/lib/app-update/unsaved-input.ts';
import { isContactPage } from '#client/lib/contact-language/contact-page.ts';
import { PinPromptSlot } from '#client/ui/pin-prompt-slot.tsx';
import { enterScreen } from '#client/ui/toast-store.ts';
import { Toaster } from '#client/ui/toaster.tsx';
import { ErrorPage } from './-components/error-page.tsx';
import type { RouterContext } from './router-context.ts';

// Fetched only once a new version waits, from the worker that serves this one (so offline too):
// out of every first download (home's budget, DESIGN.md section 6).
const UpdateNotice = lazy(() =>
  import('#client/features/app-update/update-notice.tsx').then((module) => ({ default: module.UpdateNotice })),
);
// Fetched once the first install is done, the only time it speaks: a reopened app never downloads it.
const OfflineReadyNotice = lazy(() =>
  import('#client/features/app-update/offline-ready-notice.tsx').then((module) => ({
    default: module.OfflineReadyNotice,
  })),
);

/** A notice fetched when it has something to say: if it cannot load, only the notice is missing. */
function LateNotice({ name, children }: { name: string; children: ReactNode }) {
  return (
    <CatchBoundary getResetKey={() => name} errorComponent={() => null}>
      <Suspense fallback={null}>{children}</Suspense>
    </CatchBoundary>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: lazyRouteComponent(() => import('./-components/not-found-page.tsx'), 'NotFoundPage'),
  errorComponent: ErrorPage,
});

function RootLayout() {
  const { updateReady, offlineReady } = useAppUpdate();
  // From the first screen on: 'Actualizar' must know of input typed before any update was found.
  useEffect(() => watchUnsavedInput(), []);
  // A notice speaks of the screen that raised it: leaving that screen takes it away.
  const path = useRouterState({ select: (state) => state.location.pathname });
  useLayoutEffect(() => enterScreen(path), [path]);
  return (
    <>
      {/* Above every screen, in the flow: they push the page down and never cover the SOS button. */}
      <OfflineBanner />
      {/* Never on a contact's page: it speaks the contact's language, and the update is the person's
          news; a contact's next link opens the new version once the old one's pages are closed. */}
      {updateReady && !isContactPage(path) && (
        <LateNotice name="update-notice">
          <UpdateNotice />
        </LateNotice>
      )}
      {offlineReady && (
        <LateNotice name="offline-ready-notice">
          <OfflineReadyNotice />
        </LateNotice>
      )}
      {/* In the flow too, above the screen: a notice pushes the page down, never covers a button. */}
      <Toaster />
      <Outlet />
      <PinPromptSlot />
    </>
  );
}
