import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signupRule } from '../../guards.ts';
import { authRoute } from './auth.ts';

export const signupRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'signup',
  staticData: { title: 'Registro' },
  beforeLoad: signupRule,
  component: lazyRouteComponent(() => import('./-components/signup-page.tsx'), 'SignupPage'),
});
