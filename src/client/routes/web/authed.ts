import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { webRoute } from './web.ts';

/** Header, bottom navigation: home, profile and the contact pages. */
export const mainLayoutRoute = createRoute({
  getParentRoute: () => webRoute,
  id: 'main',
  component: lazyRouteComponent(() => import('#client/routes/web/-components/home/main-layout.tsx'), 'MainLayout'),
});
