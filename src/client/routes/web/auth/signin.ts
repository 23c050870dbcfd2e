import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { SIGNIN_TITLE } from '#client/features/auth/auth-texts.ts';
import { redirectViewerHome } from '../../guards.ts';
import { authRoute } from './auth.ts';

export const signinRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'signin',
  staticData: { title: SIGNIN_TITLE },
  beforeLoad: redirectViewerHome,
  component: lazyRouteComponent(() => import('#client/features/auth/signin/signin-screen.tsx'), 'SigninScreen'),
});
