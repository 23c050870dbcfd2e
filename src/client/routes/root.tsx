import { createRootRouteWithContext, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { OfflineReadyNotice } from '#client/features/app-update/offline-ready-notice.tsx';
import { UpdateNotice } from '#client/features/app-update/update-notice.tsx';
import { OfflineBanner } from '#client/features/offline/offline-banner.tsx';
import { Toaster } from '#client/ui/toaster.tsx';
import { ErrorPage } from './-components/error-page.tsx';
import type { RouterContext } from './router-context.ts';

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: lazyRouteComponent(() => import('./-components/not-found-page.tsx'), 'NotFoundPage'),
  errorComponent: ErrorPage,
});

function RootLayout() {
  return (
    <>
      {/* Above every screen, in the flow: they push the page down and never cover the SOS button. */}
      <OfflineBanner />
      <UpdateNotice />
      <OfflineReadyNotice />
      <Outlet />
      <Toaster />
    </>
  );
}
