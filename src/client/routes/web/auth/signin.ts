import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { redirectViewerHome } from '../../guards.ts';
import { authRoute } from './auth.ts';

export const signinRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'signin',
  staticData: { title: 'Iniciar sesión' },
  beforeLoad: redirectViewerHome,
  component: lazyRouteComponent(() => import('#client/features/auth/signin/signin-screen.tsx'), 'SigninScreen'),
});
