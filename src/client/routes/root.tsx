import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Toaster } from '#client/ui/toaster.tsx';
import { ErrorPage } from './-components/error-page.tsx';
import { NotFoundPage } from './-components/not-found-page.tsx';
import type { RouterContext } from './router-context.ts';

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
