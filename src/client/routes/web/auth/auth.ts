import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { webRoute } from '../web.ts';

export const authRoute = createRoute({
  getParentRoute: () => webRoute,
  path: 'auth',
  component: lazyRouteComponent(() => import('#client/ui/plain-layout.tsx'), 'PlainLayout'),
});

export const authIndexRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/web/auth/signin', replace: true });
  },
});
