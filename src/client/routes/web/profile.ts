import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireView } from '../guards.ts';
import { mainLayoutRoute } from './main-layout.ts';

export const profileRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: 'profile',
  staticData: { title: 'Perfil' },
  beforeLoad: requireView,
  component: lazyRouteComponent(() => import('./-components/profile-page.tsx'), 'ProfilePage'),
});
