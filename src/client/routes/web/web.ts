import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from '../root.tsx';

/** /web itself has no screen: its children choose their layouts. */
export const webRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'web',
});

export const webIndexRoute = createRoute({
  getParentRoute: () => webRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/web/home', replace: true });
  },
});
