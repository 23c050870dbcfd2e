import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { verifyRule } from '../../guards.ts';
import { authRoute } from './auth.ts';

export const verifyRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'verify',
  staticData: { title: 'Verificar código' },
  beforeLoad: verifyRule,
  component: lazyRouteComponent(() => import('#client/features/auth/verify/verify-screen.tsx'), 'VerifyScreen'),
});
