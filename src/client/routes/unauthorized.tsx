import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';

export const unauthorizedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'unauthorized',
  staticData: { title: 'Acceso Denegado' },
  component: lazyRouteComponent(() => import('./-components/unauthorized-page.tsx'), 'UnauthorizedPage'),
});
