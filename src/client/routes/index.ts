import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/web/home', replace: true });
  },
});
